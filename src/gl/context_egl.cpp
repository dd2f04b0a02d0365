// Headless contexts through EGL, without any window system.
//
// Which EGL platform: a GPU server has no display, so we ask EGL for its devices
// (EGL_EXT_platform_device) and take the first hardware one; with none (a machine
// without a GPU, where Mesa's llvmpipe renders on the CPU) we use Mesa's surfaceless
// platform, and last the default display. CS_EGL_PLATFORM=device|surfaceless|default
// forces one. No surface is created: samples render into the framework's framebuffer.
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "gl/context.h"
#include "gl/gl.h"
#include "gl/objects.h"
#include "util/error.h"

namespace cs {
namespace {

bool hasExtension(const char* list, const char* name) {
    if (!list) return false;
    const size_t n = std::strlen(name);
    for (const char* p = list; (p = std::strstr(p, name)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
    return false;
}

// The first device that is not a software renderer, or EGL_NO_DEVICE_EXT.
EGLDeviceEXT findHardwareDevice() {
    auto queryDevices =
        reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    auto queryDeviceString = reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(
        eglGetProcAddress("eglQueryDeviceStringEXT"));
    if (!queryDevices || !queryDeviceString) return EGL_NO_DEVICE_EXT;
    EGLint count = 0;
    if (!queryDevices(0, nullptr, &count) || count == 0) return EGL_NO_DEVICE_EXT;
    std::vector<EGLDeviceEXT> devices(count);
    queryDevices(count, devices.data(), &count);
    for (EGLDeviceEXT device : devices) {
        const char* extensions = queryDeviceString(device, EGL_EXTENSIONS);
        if (!hasExtension(extensions, "EGL_MESA_device_software")) return device;
    }
    return EGL_NO_DEVICE_EXT;
}

class EglContext : public Context {
public:
    explicit EglContext(const ContextConfig& config)
        : width_(config.width), height_(config.height) {
        const char* clientExtensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
        const char* forced = std::getenv("CS_EGL_PLATFORM");
        const std::string want = forced ? forced : "";
        if (!want.empty() && want != "device" && want != "surfaceless" && want != "default")
            throw UsageError("CS_EGL_PLATFORM " + quoted(want) +
                             " is not one of device, surfaceless, default");
        auto getPlatformDisplay = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
            eglGetProcAddress("eglGetPlatformDisplayEXT"));

        if (getPlatformDisplay && (want.empty() || want == "device") &&
            hasExtension(clientExtensions, "EGL_EXT_platform_device")) {
            if (EGLDeviceEXT device = findHardwareDevice(); device != EGL_NO_DEVICE_EXT) {
                display_ = getPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
                kind_ = "EGL device";
            }
        }
        if (!display_ && getPlatformDisplay && (want.empty() || want == "surfaceless") &&
            hasExtension(clientExtensions, "EGL_MESA_platform_surfaceless")) {
            display_ =
                getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
            kind_ = "EGL surfaceless";
        }
        if (!display_ && (want.empty() || want == "default")) {
            display_ = eglGetDisplay(EGL_DEFAULT_DISPLAY);
            kind_ = "EGL default";
        }
        if (!display_ && !want.empty())
            throw Error("EGL: CS_EGL_PLATFORM=" + want +
                        ", a platform this machine does not offer");
        if (!display_)
            throw Error("EGL: no display on any platform (device, surfaceless, default)");

        EGLint major = 0, minor = 0;
        if (!eglInitialize(display_, &major, &minor))
            throw Error("EGL: cannot initialise the " + kind_ +
                        " display (is libegl-mesa0 or a GPU driver installed?)");
        if (!eglBindAPI(EGL_OPENGL_API)) throw Error("EGL: this driver has no desktop OpenGL");

        // Without a surface, a config is only needed where EGL_KHR_no_config_context is absent.
        EGLConfig eglConfig = EGL_NO_CONFIG_KHR;
        const char* displayExtensions = eglQueryString(display_, EGL_EXTENSIONS);
        if (!hasExtension(displayExtensions, "EGL_KHR_no_config_context")) {
            const EGLint attributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE,
                                         EGL_PBUFFER_BIT, EGL_NONE};
            EGLint found = 0;
            if (!eglChooseConfig(display_, attributes, &eglConfig, 1, &found) || found == 0)
                throw Error("EGL: no OpenGL config on the " + kind_ + " display");
        }
        if (!hasExtension(displayExtensions, "EGL_KHR_surfaceless_context"))
            throw Error("EGL: the " + kind_ +
                        " display cannot make a context current without a "
                        "surface (EGL_KHR_surfaceless_context)");

        const EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                            4,
                                            EGL_CONTEXT_MINOR_VERSION,
                                            3,
                                            EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                            EGL_CONTEXT_OPENGL_DEBUG,
                                            config.debug ? EGL_TRUE : EGL_FALSE,
                                            EGL_NONE};
        context_ = eglCreateContext(display_, eglConfig, EGL_NO_CONTEXT, contextAttributes);
        if (!context_) {
            // Make any context to tell the user which version the driver does offer.
            const EGLint anyVersion[] = {EGL_NONE};
            context_ = eglCreateContext(display_, eglConfig, EGL_NO_CONTEXT, anyVersion);
            if (!context_)
                throw Error("EGL: cannot create an OpenGL context on the " + kind_ + " display");
        }
        if (!eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_))
            throw Error("EGL: cannot make the context current");
        if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress)))
            throw Error("EGL: cannot load the OpenGL functions");
        requireGl43(kind_);
    }

    ~EglContext() override {
        if (display_) {
            if (context_) releaseStagingBuffer();  // while its context is still current
            eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            if (context_) eglDestroyContext(display_, context_);
            eglTerminate(display_);
        }
    }

    void framebufferSize(int& width, int& height) const override {
        width = width_;
        height = height_;
    }

private:
    EGLDisplay display_ = EGL_NO_DISPLAY;
    EGLContext context_ = EGL_NO_CONTEXT;
    int width_, height_;
};

}  // namespace

std::unique_ptr<Context> createEglContext(const ContextConfig& config) {
    return std::make_unique<EglContext>(config);
}

}  // namespace cs
