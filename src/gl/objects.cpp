#include "gl/objects.h"

#include <algorithm>
#include <stdexcept>

#include "gl/info.h"
#include "util/error.h"

namespace cs {
namespace {
size_t bytesPerPixel(GLenum format, GLenum type) {
    const size_t channels = format == GL_RGBA ? 4 : format == GL_RGB ? 3 : format == GL_RG ? 2 : 1;
    const size_t channelBytes = type == GL_FLOAT || type == GL_UNSIGNED_INT || type == GL_INT ? 4
                                : type == GL_HALF_FLOAT || type == GL_UNSIGNED_SHORT          ? 2
                                                                                              : 1;
    return channels * channelBytes;
}
GLuint genBuffer() {
    GLuint id = 0;
    glGenBuffers(1, &id);
    return id;
}
GLuint genTexture() {
    GLuint id = 0;
    glGenTextures(1, &id);
    return id;
}
}  // namespace

Buffer::Buffer(const std::string& name, GLsizeiptr size, BufferUse use, const void* data)
    : GlObject(genBuffer(), {size, use}) {
    // COPY: the GL both writes and reads; STATIC_DRAW: the application writes once, the GL
    // reads; DYNAMIC_READ: the GL writes, the application reads, repeatedly.
    const GLenum usage = use == BufferUse::Computed     ? GL_DYNAMIC_COPY
                         : use == BufferUse::Input      ? GL_STATIC_DRAW
                         : use == BufferUse::Parameters ? GL_DYNAMIC_DRAW
                                                        : GL_DYNAMIC_READ;
    // Bind to a neutral target to create the object; SSBO or vertex use comes later.
    glBindBuffer(GL_COPY_WRITE_BUFFER, id());
    glBufferData(GL_COPY_WRITE_BUFFER, size, data, usage);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    label(name);
}

void Buffer::upload(const void* data, GLsizeiptr size, GLintptr offset) const {
    glBindBuffer(GL_COPY_WRITE_BUFFER, id());
    glBufferSubData(GL_COPY_WRITE_BUFFER, offset, size, data);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

// Every download that needs a staging buffer shares this one, made on first use and kept:
// allocating a buffer per read costs a driver allocation each time, and a staging buffer as
// large as the read would double the memory of a large buffer. A larger read goes through
// it in pieces. Freed by the context (releaseStagingBuffer) while it is still current.
constexpr GLsizeiptr kStagingBytes = GLsizeiptr(1) << 20;
Buffer stagingBuffer;

void releaseStagingBuffer() {
    stagingBuffer = Buffer();
}

void Buffer::download(void* data, GLsizeiptr size, GLintptr offset) const {
    if (use() == BufferUse::ReadBack) {
        glBindBuffer(GL_COPY_READ_BUFFER, id());
        glGetBufferSubData(GL_COPY_READ_BUFFER, offset, size, data);
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        return;
    }
    if (!stagingBuffer)
        stagingBuffer = Buffer("read-back staging", kStagingBytes, BufferUse::ReadBack);
    glBindBuffer(GL_COPY_READ_BUFFER, id());
    glBindBuffer(GL_COPY_WRITE_BUFFER, stagingBuffer.id());
    for (GLsizeiptr done = 0; done < size; done += kStagingBytes) {
        const GLsizeiptr piece = std::min(kStagingBytes, size - done);
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, offset + done, 0, piece);
        glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, piece, static_cast<char*>(data) + done);
    }
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

Texture2D::Texture2D(const std::string& name, int width, int height, GLenum internalFormat)
    : GlObject(genTexture(), {width, height, internalFormat}) {
    if (width < 1 || height < 1)
        throw Error("texture '" + name + "' cannot be " + std::to_string(width) + "x" +
                    std::to_string(height) + ": both sides must be at least 1");
    requireLimit(
        GL_MAX_TEXTURE_SIZE, std::max(width, height),
        "texture '" + name + "' of " + std::to_string(width) + "x" + std::to_string(height));
    glBindTexture(GL_TEXTURE_2D, id());
    glTexStorage2D(GL_TEXTURE_2D, 1, internalFormat, width, height);
    glBindTexture(GL_TEXTURE_2D, 0);
    label(name);
}

void Texture2D::upload(GLenum format, GLenum type, const void* pixels) const {
    glBindTexture(GL_TEXTURE_2D, id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width(), height(), format, type, pixels);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void Texture2D::download(GLenum format, GLenum type, void* pixels, size_t bytes) const {
    glBindTexture(GL_TEXTURE_2D, id());
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    // glGetnTexImage (which takes the size) is GL 4.5, so check the size here.
    if (bytes < size_t(width()) * height() * bytesPerPixel(format, type))
        throw std::logic_error("Texture2D::download: " + std::to_string(bytes) +
                               " bytes are too few for the image");
    glGetTexImage(GL_TEXTURE_2D, 0, format, type, pixels);
    glBindTexture(GL_TEXTURE_2D, 0);
}

Framebuffer::Framebuffer(const std::string& name, int width, int height, GLenum colorFormat,
                         bool withDepth) {
    GLuint id = 0;
    glGenFramebuffers(1, &id);
    static_cast<GlObject&>(*this) = GlObject(id);
    color_ = Texture2D(name + " colour", width, height, colorFormat);
    glBindFramebuffer(GL_FRAMEBUFFER, id);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_.id(), 0);
    if (withDepth) {
        depth_ = Texture2D(name + " depth", width, height, GL_DEPTH_COMPONENT32F);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth_.id(), 0);
    }
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE)
        throw Error("framebuffer '" + name + "' is incomplete (status " + std::to_string(status) +
                    ")");
    label(name);
}

VertexArray::VertexArray(const std::string& name) {
    GLuint id = 0;
    glGenVertexArrays(1, &id);
    static_cast<GlObject&>(*this) = GlObject(id);
    glBindVertexArray(id);  // a VAO exists (and can be labelled) only once bound
    glBindVertexArray(0);
    label(name);
}

}  // namespace cs
