#pragma once
#include <string>

#include "gl/gl.h"

namespace cs {

// One glGetIntegerv value, e.g. glInteger(GL_MAX_SHADER_STORAGE_BLOCK_SIZE).
GLint glInteger(GLenum name);
// The same for limits that may pass 2^31 (glGetInteger64v), e.g. sizes in bytes.
GLint64 glInteger64(GLenum name);

// "vendor renderer" of the current context, e.g. "Mesa llvmpipe (LLVM 15.0.6, 256 bits)".
std::string deviceName();
std::string glVersion();
// The --info report: vendor, renderer, versions, how the context was made, compute limits.
std::string glInfoText(const std::string& contextKind);

}  // namespace cs
