#pragma once
// GLSL has no #include. This module adds one, with #line markers so that the driver's
// error messages can be mapped back to the real file and line.
#include <cstddef>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cs {

// Line numbers of included file k start at k * kShaderLineStride + 1 (see shader_source.cpp).
constexpr size_t kShaderLineStride = 100000;

struct ShaderSource {
    std::string text;                // GLSL ready for glShaderSource, with #line markers
    std::vector<std::string> files;  // source-string number -> file path; [0] is the main file
};

// Reads the GLSL file at `path`, resolves `#include "name"` recursively and injects `defines`.
//
// An include is looked up next to the including file first, then in each of `includeDirs` in
// order. Each file is included at most once (like #pragma once), so cycles stop by themselves.
// The output starts with the main file's #version line, then one `#define NAME VALUE` per
// entry of `defines`. Includes are expanded unconditionally, even inside #if blocks or
// /* */ comments.
// Throws cs::Error naming the file (and line, where there is one) for an unreadable main file,
// a missing or misplaced #version, a missing or malformed include, and a bad define name.
ShaderSource preprocessShader(const std::string& path, const std::vector<std::string>& includeDirs,
                              const std::vector<std::pair<std::string, std::string>>& defines = {});

// The names of the default-block uniforms that `source` declares (`uniform float a, b[4];` ->
// a, b), whether or not the compiler keeps them: how Program tells a misspelt uniform name
// from one that a driver optimised away. Declarations inside #if blocks count too.
std::set<std::string> declaredUniforms(const std::string& source);

// Rewrites a driver's compile/link info log so each diagnostic reads "file:line: message".
// Understands Mesa "S:L(C): error: msg", NVIDIA "S(L) : error C1234: msg" and
// AMD/Intel/glslang "ERROR: S:L: msg", where S indexes `files`. Other lines, and lines whose
// S is out of range, are kept unchanged.
std::string mapShaderLog(const std::string& log, const std::vector<std::string>& files);

// One line for a compiler or linker log (mapped or not): its first error, with the file and
// line, and "(and N more)" when N more errors follow, e.g.
//   "shaders/x.comp:12: error: `foo' undeclared (and 1 more)".
// A log with no error line in a known form gives its first line, and "(and N more)" counts
// its other lines. Errors are one line on stderr; the whole log goes where there is room.
std::string firstShaderError(const std::string& log);

}  // namespace cs
