#include "gl/kept_bindings.h"

namespace cs {

KeptBindings::KeptBindings() {
    glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
    glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &indirect_);
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &genericStorage_);
    for (GLuint point = 0; point < kStoragePoints; ++point) {
        Storage& kept = storage_[point];
        glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, point, &kept.buffer);
        glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, point, &kept.offset);
        glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, point, &kept.size);
    }
}

namespace {
// A buffer that was deleted while the library worked (one it replaced with a larger one, a
// caller's that it was bound to) cannot be bound again: glBindBuffer* of a name that is no
// buffer is GL_INVALID_OPERATION. The GL itself unbinds a deleted buffer, so 0 stands for it.
GLuint stillABuffer(GLint name) {
    return name != 0 && glIsBuffer(GLuint(name)) ? GLuint(name) : 0;
}
}  // namespace

KeptBindings::~KeptBindings() {
    for (GLuint point = 0; point < kStoragePoints; ++point) {
        Storage kept = storage_[point];
        kept.buffer = GLint(stillABuffer(kept.buffer));
        // A range bound with glBindBufferRange reports its size; a whole buffer bound with
        // glBindBufferBase (or nothing) reports 0.
        if (kept.buffer != 0 && kept.size > 0)
            glBindBufferRange(GL_SHADER_STORAGE_BUFFER, point, GLuint(kept.buffer),
                              GLintptr(kept.offset), GLsizeiptr(kept.size));
        else
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, point, GLuint(kept.buffer));
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, stillABuffer(genericStorage_));
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, stillABuffer(indirect_));
    glUseProgram(GLuint(program_));
}

}  // namespace cs
