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

// How requireLimit names a limit and the unit of what is counted against it; "{axis}" is
// replaced by x, y or z for the indexed ones.
struct KnownLimit {
    GLenum limit;
    const char *name, *unit;
};
const KnownLimit kKnownLimits[] = {
    {GL_MAX_SHADER_STORAGE_BLOCK_SIZE, "GL_MAX_SHADER_STORAGE_BLOCK_SIZE",
     "bytes in one shader storage block"},
    {GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, "GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS",
     "storage blocks in a fragment shader"},
    {GL_MAX_TEXTURE_SIZE, "GL_MAX_TEXTURE_SIZE", "pixels per side"},
    {GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, "GL_MAX_COMPUTE_SHARED_MEMORY_SIZE",
     "bytes of shared memory"},
    {GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, "GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS",
     "invocations in a work group"},
    {GL_MAX_COMPUTE_WORK_GROUP_SIZE, "GL_MAX_COMPUTE_WORK_GROUP_SIZE",
     "invocations along {axis} in a work group"},
    {GL_MAX_COMPUTE_WORK_GROUP_COUNT, "GL_MAX_COMPUTE_WORK_GROUP_COUNT",
     "work groups along {axis} in one dispatch"},
    {GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB, "GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB",
     "invocations in a work group of variable size"},
    {GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, "GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB",
     "invocations along {axis} in a work group of variable size"},
};

void throwOverLimit(GLenum limit, const char* axis, std::int64_t needed, std::int64_t allowed,
                    const std::string& what) {
    const KnownLimit* k =
        std::find_if(std::begin(kKnownLimits), std::end(kKnownLimits),
                     [&](const KnownLimit& entry) { return entry.limit == limit; });
    const std::string name =
        k != std::end(kKnownLimits) ? k->name : "limit " + std::to_string(limit);
    std::string unit = k != std::end(kKnownLimits) ? std::string(" (") + k->unit + ")" : "";
    if (const size_t at = unit.find("{axis}"); at != std::string::npos) unit.replace(at, 6, axis);
    throw Error(what + " needs " + name + " >= " + std::to_string(needed) + unit +
                "; this GL's is " + std::to_string(allowed));
}

// The --info line for ARB_compute_variable_group_size: its own limits, or "none".
std::string variableGroupSize() {
    if (!hasExtension("GL_ARB_compute_variable_group_size")) return "none";
    return "GL_ARB_compute_variable_group_size, " +
           indexed3(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB) + ", " +
           std::to_string(glInteger(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB)) +
           " invocations";
}

}  // namespace

bool hasExtension(const std::string& name) {
    for (GLint i = 0, n = glInteger(GL_NUM_EXTENSIONS); i < n; ++i)
        if (reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i))) == name)
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

GLint glInteger(GLenum name, GLuint index) {
    GLint value = 0;
    glGetIntegeri_v(name, index, &value);
    return value;
}

void requireLimit(GLenum limit, std::int64_t needed, const std::string& what) {
    const GLint64 allowed = glInteger64(limit);
    if (needed > allowed) throwOverLimit(limit, "", needed, allowed, what);
}

void requireLimit(GLenum limit, GLuint axis, std::int64_t needed, const std::string& what) {
    const GLint allowed = glInteger(limit, axis);
    if (needed > allowed)
        throwOverLimit(limit, axis == 0 ? "x" : axis == 1 ? "y" : "z", needed, allowed, what);
}

std::string deviceName() {
    return glString(GL_VENDOR) + " " + glString(GL_RENDERER);
}
bool isSoftwareRenderer() {
    const std::string device = deviceName();
    return device.find("llvmpipe") != std::string::npos ||
           device.find("softpipe") != std::string::npos;
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
        << "variable group size:         " << variableGroupSize() << "\n"
        << "max SSBO size:               " << glInteger(GL_MAX_SHADER_STORAGE_BLOCK_SIZE)
        << " bytes\n"
        << "max texture size:            " << glInteger(GL_MAX_TEXTURE_SIZE) << "\n"
        << "subgroup operations:         "
        << (hasExtension("GL_KHR_shader_subgroup") ? "GL_KHR_shader_subgroup" : "none") << "\n";
    return out.str();
}

}  // namespace cs
