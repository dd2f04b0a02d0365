#pragma once
#include <cstdint>
#include <string>

#include "gl/gl.h"

namespace cs {

// One glGetIntegerv value, e.g. glInteger(GL_MAX_SHADER_STORAGE_BLOCK_SIZE).
GLint glInteger(GLenum name);
// The same for limits that may pass 2^31 (glGetInteger64v), e.g. sizes in bytes.
GLint64 glInteger64(GLenum name);
// One component of an indexed value (glGetIntegeri_v), e.g. the y limit (index 1) of
// GL_MAX_COMPUTE_WORK_GROUP_SIZE.
GLint glInteger(GLenum name, GLuint index);

// Whether this GL has the extension, e.g. "GL_ARB_compute_variable_group_size": the core-profile
// query, one glGetStringi(GL_EXTENSIONS, i) for each of GL_NUM_EXTENSIONS names.
bool hasExtension(const std::string& name);

// Checks that this GL's `limit` (a GL_MAX_* value) allows `needed`, and throws cs::Error
// otherwise, naming what needed it and the limit, e.g. "a 8192x8192 summed-area table needs
// GL_MAX_SHADER_STORAGE_BLOCK_SIZE >= 1073741824 (bytes in one shader storage block); this
// GL's is 134217728". The one way a sample checks a capability up front.
void requireLimit(GLenum limit, std::int64_t needed, const std::string& what);
// The same for one axis (0 = x, 1 = y, 2 = z) of an indexed limit, e.g. "groups_x = 70000
// needs GL_MAX_COMPUTE_WORK_GROUP_COUNT >= 70000 (work groups along x in one dispatch); this
// GL's is 65535".
void requireLimit(GLenum limit, GLuint axis, std::int64_t needed, const std::string& what);

// Why compute shaders cannot use the subgroup operations of GL_KHR_shader_subgroup that the
// scan needs (basic, arithmetic and ballot), e.g. "this GL lacks GL_KHR_shader_subgroup"; ""
// where they can.
std::string computeSubgroupsMissing();

// "vendor renderer" of the current context, e.g. "Mesa llvmpipe (LLVM 15.0.6, 256 bits)".
std::string deviceName();
// Whether the GL runs on the CPU (Mesa's llvmpipe or softpipe): benchmark sweeps stop at smaller
// sizes there.
bool isSoftwareRenderer();
std::string glVersion();
// The --info report: vendor, renderer, versions, how the context was made, compute limits.
std::string glInfoText(const std::string& contextKind);

}  // namespace cs
