#pragma once
// The caller's bindings, as it left them, around a library call.
//
// A shared algorithm (src/compute) binds its own buffers to shader storage binding points
// and its own program. A caller that binds its buffers once and dispatches its passes again
// and again should not have to bind them all again after every call into the library, nor
// learn that this is normal. So every public entry point of src/compute starts with
//
//     const cs::KeptBindings kept;
//
// which reads the program in use, the indirect dispatch buffer, and the shader storage
// binding points 0-7 (all that GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS promises) with the
// buffer, offset and size bound to each, and puts every one of them back when the call
// returns, or throws. Reading state back
// with glGet costs a little on the CPU and never waits for the GPU.
#include <array>

#include "gl/gl.h"

namespace cs {

class KeptBindings {
public:
    KeptBindings();
    ~KeptBindings();
    KeptBindings(const KeptBindings&) = delete;
    KeptBindings& operator=(const KeptBindings&) = delete;

    // The binding points kept: GL 4.3 promises at least 8 shader storage bindings.
    static constexpr GLuint kStoragePoints = 8;

private:
    struct Storage {
        GLint buffer = 0;
        GLint64 offset = 0, size = 0;  // size 0: the whole buffer (glBindBufferBase)
    };
    std::array<Storage, kStoragePoints> storage_;
    GLint genericStorage_ = 0;  // GL_SHADER_STORAGE_BUFFER, which glBindBufferBase also sets
    GLint indirect_ = 0;        // GL_DISPATCH_INDIRECT_BUFFER
    GLint program_ = 0;
};

}  // namespace cs
