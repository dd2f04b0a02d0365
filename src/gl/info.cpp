#include "gl/info.h"

#include <algorithm>
#include <iterator>
#include <sstream>

#include "gl/gl.h"
#include "util/error.h"

namespace cs {
namespace {

std::string glString(GLenum name) {
    const GLubyte* text = glGetString(name);
    return text ? reinterpret_cast<const char*>(text) : "(unknown)";
}

std::string indexed3(GLenum name) {
    GLint v[3] = {};
    for (GLuint i = 0; i < 3; ++i) glGetIntegeri_v(name, i, &v[i]);
    return std::to_string(v[0]) + " x " + std::to_string(v[1]) + " x " + std::to_string(v[2]);
}

}  // namespace

bool hasExtension(const char* name) {
    for (GLint i = 0, n = glInteger(GL_NUM_EXTENSIONS); i < n; ++i)
        if (std::string(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, i))) == name)
            return true;
    return false;
}

std::string computeSubgroupsMissing() {
    if (!hasExtension("GL_KHR_shader_subgroup")) return "this GL lacks GL_KHR_shader_subgroup";
    if ((glInteger(GL_SUBGROUP_SUPPORTED_STAGES_KHR) & GL_COMPUTE_SHADER_BIT) == 0)
        return "this GL has GL_KHR_shader_subgroup, but not in compute shaders";
    const GLint needed = GL_SUBGROUP_FEATURE_BASIC_BIT_KHR |
                         GL_SUBGROUP_FEATURE_ARITHMETIC_BIT_KHR |
                         GL_SUBGROUP_FEATURE_BALLOT_BIT_KHR;
    if ((glInteger(GL_SUBGROUP_SUPPORTED_FEATURES_KHR) & needed) != needed)
        return "this GL has GL_KHR_shader_subgroup without its arithmetic or ballot operations";
    return "";
}

GLint glInteger(GLenum name) {
    GLint value = 0;
    glGetIntegerv(name, &value);
    return value;
}

GLint64 glInteger64(GLenum name) {
    GLint64 value = 0;
    glGetInteger64v(name, &value);
    return value;
}

void requireLimit(GLenum limit, std::int64_t needed, const std::string& what) {
    struct Known {
        GLenum limit;
        const char *name, *unit;
    };
    static const Known known[] = {
        {GL_MAX_SHADER_STORAGE_BLOCK_SIZE, "GL_MAX_SHADER_STORAGE_BLOCK_SIZE",
         "bytes in one shader storage block"},
        {GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, "GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS",
         "storage blocks in a fragment shader"},
        {GL_MAX_TEXTURE_SIZE, "GL_MAX_TEXTURE_SIZE", "pixels per side"},
        {GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, "GL_MAX_COMPUTE_SHARED_MEMORY_SIZE",
         "bytes of shared memory"},
        {GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, "GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS",
         "invocations in a work group"},
    };
    const GLint64 allowed = glInteger64(limit);
    if (needed <= allowed) return;
    const Known* k = std::find_if(std::begin(known), std::end(known),
                                  [&](const Known& entry) { return entry.limit == limit; });
    const std::string name = k != std::end(known) ? k->name : "limit " + std::to_string(limit);
    const std::string unit = k != std::end(known) ? std::string(" (") + k->unit + ")" : "";
    throw Error(what + " needs " + name + " >= " + std::to_string(needed) + unit +
                "; this GL's is " + std::to_string(allowed));
}

std::string deviceName() {
    return glString(GL_VENDOR) + " " + glString(GL_RENDERER);
}
std::string glVersion() {
    return glString(GL_VERSION);
}

std::string glInfoText(const std::string& contextKind) {
    std::ostringstream out;
    out << "vendor:                      " << glString(GL_VENDOR) << "\n"
        << "renderer:                    " << glString(GL_RENDERER) << "\n"
        << "OpenGL version:              " << glString(GL_VERSION) << "\n"
        << "GLSL version:                " << glString(GL_SHADING_LANGUAGE_VERSION) << "\n"
        << "context:                     " << contextKind << "\n"
        << "max work-group count:        " << indexed3(GL_MAX_COMPUTE_WORK_GROUP_COUNT) << "\n"
        << "max work-group size:         " << indexed3(GL_MAX_COMPUTE_WORK_GROUP_SIZE) << "\n"
        << "max work-group invocations:  " << glInteger(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS)
        << "\n"
        << "max shared memory:           " << glInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE)
        << " bytes\n"
        << "max SSBO size:               " << glInteger(GL_MAX_SHADER_STORAGE_BLOCK_SIZE)
        << " bytes\n"
        << "max texture size:            " << glInteger(GL_MAX_TEXTURE_SIZE) << "\n"
        << "subgroup operations:         "
        << (hasExtension("GL_KHR_shader_subgroup") ? "GL_KHR_shader_subgroup" : "none") << "\n";
    return out.str();
}

}  // namespace cs
