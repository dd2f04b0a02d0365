#pragma once
// Move-only owners of OpenGL objects. Each deletes its object when it goes out of scope,
// so a sample holds them as members and needs no destructor. Every object gets a label
// (glObjectLabel) so debuggers such as RenderDoc and apitrace show names, not numbers.
#include <algorithm>
#include <string>
#include <utility>

#include "gl/gl.h"

namespace cs {

struct NoShape {};

// Owns one GL object name; Traits says how to delete it and which label namespace it is in.
// Shape holds what the object was made with (a buffer's size, a texture's extent); it moves
// with the name, so a moved-from or reset object reports an empty shape, not a stale one.
template <typename Traits, typename Shape = NoShape>
class GlObject {
public:
    GlObject() = default;
    explicit GlObject(GLuint id, Shape shape = {}) : id_(id), shape_(shape) {}
    ~GlObject() { reset(); }
    GlObject(GlObject&& other) noexcept
        : id_(std::exchange(other.id_, 0)), shape_(std::exchange(other.shape_, Shape{})) {}
    GlObject& operator=(GlObject&& other) noexcept {
        if (this != &other) {
            reset();
            id_ = std::exchange(other.id_, 0);
            shape_ = std::exchange(other.shape_, Shape{});
        }
        return *this;
    }
    GlObject(const GlObject&) = delete;
    GlObject& operator=(const GlObject&) = delete;

    GLuint id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }
    void reset() {
        if (id_) Traits::destroy(id_);
        id_ = 0;
        shape_ = Shape{};
    }
    // Labels longer than GL_MAX_LABEL_LENGTH are a GL error; keep the end, where the
    // distinguishing part (a file name) is.
    void label(const std::string& name) const {
        if (!id_) return;
        GLint maxLength = 0;
        glGetIntegerv(GL_MAX_LABEL_LENGTH, &maxLength);
        const size_t keep = std::min(name.size(), size_t(std::max(maxLength - 1, 0)));
        glObjectLabel(Traits::labelNamespace, id_, GLsizei(keep), name.data() + name.size() - keep);
    }

protected:
    const Shape& shape() const { return shape_; }

private:
    GLuint id_ = 0;
    Shape shape_;
};

struct BufferTraits {
    static constexpr GLenum labelNamespace = GL_BUFFER;
    static void destroy(GLuint id) { glDeleteBuffers(1, &id); }
};
struct TextureTraits {
    static constexpr GLenum labelNamespace = GL_TEXTURE;
    static void destroy(GLuint id) { glDeleteTextures(1, &id); }
};
struct FramebufferTraits {
    static constexpr GLenum labelNamespace = GL_FRAMEBUFFER;
    static void destroy(GLuint id) { glDeleteFramebuffers(1, &id); }
};
struct VertexArrayTraits {
    static constexpr GLenum labelNamespace = GL_VERTEX_ARRAY;
    static void destroy(GLuint id) { glDeleteVertexArrays(1, &id); }
};
struct SamplerTraits {
    static constexpr GLenum labelNamespace = GL_SAMPLER;
    static void destroy(GLuint id) { glDeleteSamplers(1, &id); }
};
struct QueryTraits {
    static constexpr GLenum labelNamespace = GL_QUERY;
    static void destroy(GLuint id) { glDeleteQueries(1, &id); }
};
struct ProgramTraits {
    static constexpr GLenum labelNamespace = GL_PROGRAM;
    // A program deleted while in use lives on until unbound, but its name is already gone:
    // code that saved GL_CURRENT_PROGRAM and restores it later (as ImGui's renderer does)
    // would then raise GL_INVALID_VALUE. So stop using it first.
    static void destroy(GLuint id) {
        GLint current = 0;
        glGetIntegerv(GL_CURRENT_PROGRAM, &current);
        if (GLuint(current) == id) glUseProgram(0);
        glDeleteProgram(id);
    }
};

// Who writes a buffer and who reads it. The GL passes this on to the driver as the usage
// hint by which it places the memory, and some drivers check it: NVIDIA warns and moves a
// buffer between video and host memory when its use contradicts the hint.
enum class BufferUse {
    Computed,    // the GL writes it (shaders, copies) and the GL reads it; initial data allowed
    Input,       // the CPU fills it once, at creation, and the GL only reads it
    Parameters,  // the CPU rewrites it now and then (a uniform block), and the GL reads it
    ReadBack,    // the GL writes it (typically a glCopyBufferSubData) and the CPU reads it
};

struct BufferShape {
    GLsizeiptr size = 0;
    BufferUse use = BufferUse::Computed;
};
struct TextureShape {
    int width = 0, height = 0;
    GLenum format = 0;
};

// A buffer object: the storage behind SSBOs, vertex data and readbacks.
class Buffer : public GlObject<BufferTraits, BufferShape> {
public:
    Buffer() = default;
    // `size` bytes for `use`, initialised from `data` when it is not null.
    Buffer(const std::string& name, GLsizeiptr size, BufferUse use, const void* data = nullptr);
    GLsizeiptr size() const { return shape().size; }
    BufferUse use() const { return shape().use; }
    void upload(const void* data, GLsizeiptr size, GLintptr offset = 0) const;
    // Reads `size` bytes from `offset`, and waits for the GL to finish writing them: for
    // results the user asked for (--output, finish()) or that changed, never once a frame
    // (gl/fenced_read.h reads a frame late without waiting). A ReadBack buffer is read
    // directly; any other is copied, in pieces of at most 1 MiB, through one staging
    // ReadBack buffer that every download shares, so that the driver never has to move a
    // GPU-resident buffer to host memory. Shader writes need GL_BUFFER_UPDATE_BARRIER_BIT
    // before either way.
    void download(void* data, GLsizeiptr size, GLintptr offset = 0) const;
};

// Frees the staging buffer that Buffer::download shares; a Context calls it before it ends.
void releaseStagingBuffer();

// An immutable-format 2D texture (glTexStorage2D) with one mip level. It carries no sampling
// state of its own: image load/store needs none, and what samples it binds a sampler object
// (TextureDrawer does). Rows are kept bottom row first, as GL does.
class Texture2D : public GlObject<TextureTraits, TextureShape> {
public:
    Texture2D() = default;
    Texture2D(const std::string& name, int width, int height, GLenum internalFormat);
    int width() const { return shape().width; }
    int height() const { return shape().height; }
    GLenum format() const { return shape().format; }
    void upload(GLenum format, GLenum type, const void* pixels) const;
    // Reads level 0 back into `pixels` (tightly packed rows, bottom row first).
    void download(GLenum format, GLenum type, void* pixels, size_t bytes) const;
};

// A framebuffer with one colour texture and an optional depth texture.
class Framebuffer : public GlObject<FramebufferTraits> {
public:
    Framebuffer() = default;
    Framebuffer(const std::string& name, int width, int height, GLenum colorFormat, bool withDepth);
    const Texture2D& color() const { return color_; }
    const Texture2D& depth() const { return depth_; }
    int width() const { return color_.width(); }
    int height() const { return color_.height(); }

private:
    Texture2D color_, depth_;
};

class VertexArray : public GlObject<VertexArrayTraits> {
public:
    VertexArray() = default;
    explicit VertexArray(const std::string& name);
};

}  // namespace cs
