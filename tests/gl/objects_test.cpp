// The RAII owners in gl/objects.h: ownership moves, deletion, labels, and data round trips.
#include "gl/objects.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "gl_test.h"
#include "util/error.h"

namespace {

using cs::test::errorFrom;
using cs::test::objectLabel;

// Bytes that differ from their neighbours and from any other test's, so a shifted or
// truncated copy cannot pass.
std::vector<uint8_t> pattern(size_t size, uint32_t seed) {
    std::vector<uint8_t> bytes(size);
    uint32_t state = seed * 2654435761u + 1;
    for (uint8_t& byte : bytes) {
        state = state * 1664525u + 1013904223u;
        byte = static_cast<uint8_t>(state >> 24);
    }
    return bytes;
}

// --- ownership, the same for every kind of object -------------------------------------------

// How each wrapper is made, recognised by the GL and labelled.
struct BufferKind {
    using Object = cs::Buffer;
    static Object make(const std::string& name) {
        return cs::Buffer(name, 64, cs::BufferUse::Computed);
    }
    static bool exists(GLuint id) { return glIsBuffer(id) == GL_TRUE; }
    static constexpr GLenum labelNamespace = GL_BUFFER;
};
struct TextureKind {
    using Object = cs::Texture2D;
    static Object make(const std::string& name) { return cs::Texture2D(name, 4, 4, GL_RGBA8); }
    static bool exists(GLuint id) { return glIsTexture(id) == GL_TRUE; }
    static constexpr GLenum labelNamespace = GL_TEXTURE;
};
struct FramebufferKind {
    using Object = cs::Framebuffer;
    static Object make(const std::string& name) {
        return cs::Framebuffer(name, 4, 4, GL_RGBA8, /*withDepth=*/false);
    }
    static bool exists(GLuint id) { return glIsFramebuffer(id) == GL_TRUE; }
    static constexpr GLenum labelNamespace = GL_FRAMEBUFFER;
};
struct VertexArrayKind {
    using Object = cs::VertexArray;
    static Object make(const std::string& name) { return cs::VertexArray(name); }
    static bool exists(GLuint id) { return glIsVertexArray(id) == GL_TRUE; }
    static constexpr GLenum labelNamespace = GL_VERTEX_ARRAY;
};

template <typename Kind>
class Ownership : public cs::test::GlTest {};

class KindNames {
public:
    template <typename Kind>
    static std::string GetName(int) {
        if (std::is_same_v<Kind, BufferKind>) return "Buffer";
        if (std::is_same_v<Kind, TextureKind>) return "Texture2D";
        if (std::is_same_v<Kind, FramebufferKind>) return "Framebuffer";
        return "VertexArray";
    }
};

using Kinds = ::testing::Types<BufferKind, TextureKind, FramebufferKind, VertexArrayKind>;
TYPED_TEST_SUITE(Ownership, Kinds, KindNames);

TYPED_TEST(Ownership, DefaultConstructedOwnsNothing) {
    const typename TypeParam::Object object;
    EXPECT_EQ(object.id(), 0u);
    EXPECT_FALSE(object);
}

TYPED_TEST(Ownership, DestructionDeletesTheObject) {
    GLuint id = 0;
    {
        const typename TypeParam::Object object = TypeParam::make("destroyed");
        id = object.id();
        ASSERT_NE(id, 0u);
        EXPECT_TRUE(object);
        EXPECT_TRUE(TypeParam::exists(id));
    }
    EXPECT_FALSE(TypeParam::exists(id));
}

TYPED_TEST(Ownership, MoveConstructionTransfersOwnership) {
    GLuint id = 0;
    {
        typename TypeParam::Object from = TypeParam::make("moved");
        id = from.id();
        const typename TypeParam::Object to(std::move(from));
        // Reading the moved-from object is the point here.
        // NOLINTNEXTLINE(bugprone-use-after-move,clang-analyzer-cplusplus.Move)
        EXPECT_EQ(from.id(), 0u);
        EXPECT_FALSE(from);  // NOLINT(bugprone-use-after-move)
        EXPECT_EQ(to.id(), id);
        {
            // The moved-from husk going away must not delete what `to` owns.
            const typename TypeParam::Object husk(std::move(from));
            EXPECT_EQ(husk.id(), 0u);
        }
        EXPECT_TRUE(TypeParam::exists(id));
    }
    EXPECT_FALSE(TypeParam::exists(id));
}

TYPED_TEST(Ownership, MoveAssignmentDeletesThePreviousObject) {
    typename TypeParam::Object target = TypeParam::make("replaced");
    typename TypeParam::Object source = TypeParam::make("replacement");
    const GLuint replaced = target.id(), replacement = source.id();
    ASSERT_NE(replaced, replacement);
    target = std::move(source);
    EXPECT_FALSE(TypeParam::exists(replaced));
    EXPECT_EQ(target.id(), replacement);
    // NOLINTNEXTLINE(bugprone-use-after-move,clang-analyzer-cplusplus.Move)
    EXPECT_EQ(source.id(), 0u);
    EXPECT_TRUE(TypeParam::exists(replacement));
    EXPECT_EQ(objectLabel(TypeParam::labelNamespace, target.id()), "replacement");
}

TYPED_TEST(Ownership, SelfMoveAssignmentKeepsTheObject) {
    typename TypeParam::Object object = TypeParam::make("self");
    const GLuint id = object.id();
    typename TypeParam::Object& alias = object;  // an alias, so the compiler does not object
    object = std::move(alias);
    EXPECT_EQ(object.id(), id);
    EXPECT_TRUE(TypeParam::exists(id));
}

TYPED_TEST(Ownership, ResetDeletesTheObject) {
    typename TypeParam::Object object = TypeParam::make("reset");
    const GLuint id = object.id();
    object.reset();
    EXPECT_EQ(object.id(), 0u);
    EXPECT_FALSE(TypeParam::exists(id));
}

TYPED_TEST(Ownership, CarriesItsLabel) {
    const typename TypeParam::Object object = TypeParam::make("labelled object");
    EXPECT_EQ(objectLabel(TypeParam::labelNamespace, object.id()), "labelled object");
}

TYPED_TEST(Ownership, OverlongLabelIsShortenedNotAGlError) {
    // Labels come from file paths (a program's label is all its stage files), which can be
    // longer than GL_MAX_LABEL_LENGTH; glObjectLabel then fails with GL_INVALID_VALUE.
    GLint maxLength = 0;
    glGetIntegerv(GL_MAX_LABEL_LENGTH, &maxLength);
    ASSERT_GT(maxLength, 1);
    const std::string name(size_t(maxLength) + 40, 'n');
    const typename TypeParam::Object object = TypeParam::make(name);
    const std::string label = objectLabel(TypeParam::labelNamespace, object.id());
    EXPECT_FALSE(label.empty());
    EXPECT_LT(label.size(), size_t(maxLength));
    // GlTest::TearDown checks that labelling raised no GL error.
}

// --- Buffer ---------------------------------------------------------------------------------

using BufferData = cs::test::GlTest;

TEST_F(BufferData, SizeIsWhatWasAskedFor) {
    for (const GLsizeiptr size : {1, 3, 4099}) {
        const cs::Buffer buffer("sized", size, cs::BufferUse::Computed);
        EXPECT_EQ(buffer.size(), size);
        GLint64 stored = 0;
        glBindBuffer(GL_COPY_READ_BUFFER, buffer.id());
        glGetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_SIZE, &stored);
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        EXPECT_EQ(stored, size);
    }
}

TEST_F(BufferData, SizeMovesWithTheObject) {
    cs::Buffer from("moved size", 48, cs::BufferUse::Computed);
    const cs::Buffer to(std::move(from));
    EXPECT_EQ(to.size(), 48);
    // A moved-from buffer owns nothing, so it must not claim the old size.
    EXPECT_EQ(from.size(), 0);  // NOLINT(bugprone-use-after-move,clang-analyzer-cplusplus.Move)
    cs::Buffer target("replaced", 16, cs::BufferUse::Computed);
    target = cs::Buffer("replacement", 24, cs::BufferUse::Computed);
    EXPECT_EQ(target.size(), 24);
    target.reset();
    EXPECT_EQ(target.size(), 0);
}

TEST_F(BufferData, InitialDataRoundTrips) {
    for (const size_t size : {size_t(1), size_t(3), size_t(4099)}) {
        const std::vector<uint8_t> data = pattern(size, 1);
        const cs::Buffer buffer("initialised", GLsizeiptr(size), cs::BufferUse::Computed,
                                data.data());
        std::vector<uint8_t> back(size, 0);
        buffer.download(back.data(), GLsizeiptr(size));
        EXPECT_EQ(back, data) << size << " bytes";
    }
}

TEST_F(BufferData, UploadAndDownloadAtOffsets) {
    const size_t size = 4099;
    std::vector<uint8_t> expected = pattern(size, 2);
    const cs::Buffer buffer("offsets", GLsizeiptr(size), cs::BufferUse::Computed, expected.data());

    // 7 bytes at the odd offset 5, and 3 bytes that end exactly at the last byte.
    const std::vector<uint8_t> middle = pattern(7, 3), tail = pattern(3, 4);
    buffer.upload(middle.data(), 7, 5);
    buffer.upload(tail.data(), 3, GLintptr(size - 3));
    std::copy(middle.begin(), middle.end(), expected.begin() + 5);
    std::copy(tail.begin(), tail.end(), expected.end() - 3);

    std::vector<uint8_t> whole(size, 0);
    buffer.download(whole.data(), GLsizeiptr(size));
    EXPECT_EQ(whole, expected);

    std::vector<uint8_t> part(11, 0);
    buffer.download(part.data(), 11, 1);
    EXPECT_EQ(part, std::vector<uint8_t>(expected.begin() + 1, expected.begin() + 12));
    std::vector<uint8_t> last(1, 0);
    buffer.download(last.data(), 1, GLintptr(size - 1));
    EXPECT_EQ(last[0], expected.back());
}

TEST_F(BufferData, LeavesNoBufferBound) {
    const std::vector<uint8_t> data = pattern(16, 5);
    const cs::Buffer buffer("unbound", 16, cs::BufferUse::Computed, data.data());
    buffer.upload(data.data(), 16);
    std::vector<uint8_t> back(16);
    buffer.download(back.data(), 16);
    GLint read = -1, write = -1;
    glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &read);
    glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &write);
    EXPECT_EQ(read, 0);
    EXPECT_EQ(write, 0);
}

// --- Texture2D ------------------------------------------------------------------------------

struct Size {
    int width, height;
};

using TextureShape = cs::test::GlTest;

TEST_F(TextureShape, ExtentMovesWithTheObject) {
    cs::Texture2D from("moved extent", 5, 3, GL_R32F);
    const cs::Texture2D to(std::move(from));
    EXPECT_EQ(to.width(), 5);
    EXPECT_EQ(to.height(), 3);
    EXPECT_EQ(to.format(), static_cast<GLenum>(GL_R32F));
    // NOLINTNEXTLINE(bugprone-use-after-move,clang-analyzer-cplusplus.Move)
    EXPECT_EQ(from.width(), 0);
    EXPECT_EQ(from.height(), 0);  // NOLINT(bugprone-use-after-move)
    cs::Texture2D target("replaced", 2, 2, GL_RGBA8);
    target = cs::Texture2D("replacement", 7, 1, GL_RGBA8);
    EXPECT_EQ(target.width(), 7);
    target.reset();
    EXPECT_EQ(target.width(), 0);
}

class TextureRoundTrip : public cs::test::GlTestWithParam<Size> {};

TEST_P(TextureRoundTrip, Rgba8) {
    const auto [width, height] = GetParam();
    const cs::Texture2D texture("round trip", width, height, GL_RGBA8);
    EXPECT_EQ(texture.width(), width);
    EXPECT_EQ(texture.height(), height);
    EXPECT_EQ(texture.format(), static_cast<GLenum>(GL_RGBA8));

    const size_t bytes = size_t(width) * height * 4;
    const std::vector<uint8_t> pixels = pattern(bytes, uint32_t(width * 1000 + height));
    texture.upload(GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    std::vector<uint8_t> back(bytes, 0);
    texture.download(GL_RGBA, GL_UNSIGNED_BYTE, back.data(), back.size());
    EXPECT_EQ(back, pixels);
}

TEST_P(TextureRoundTrip, Rgb8RowsThatAreNotFourByteAligned) {
    // 3 bytes per pixel: a width of 33 gives 99-byte rows, which GL's default alignment of 4
    // would pad. The wrappers must set the pack and unpack alignment themselves.
    const auto [width, height] = GetParam();
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    const cs::Texture2D texture("rgb round trip", width, height, GL_RGB8);
    const size_t bytes = size_t(width) * height * 3;
    const std::vector<uint8_t> pixels = pattern(bytes, uint32_t(width + height));
    texture.upload(GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    std::vector<uint8_t> back(bytes, 0);
    texture.download(GL_RGB, GL_UNSIGNED_BYTE, back.data(), back.size());
    EXPECT_EQ(back, pixels);
}

std::string sizeName(const ::testing::TestParamInfo<Size>& size) {
    return std::to_string(size.param.width) + "x" + std::to_string(size.param.height);
}

INSTANTIATE_TEST_SUITE_P(Sizes, TextureRoundTrip,
                         ::testing::Values(Size{1, 1}, Size{33, 17}, Size{1000, 3}), sizeName);

using TextureLimits = cs::test::GlTest;

TEST_F(TextureLimits, LargerThanTheLimitThrowsWithoutAGlError) {
    GLint max = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
    ASSERT_GT(max, 0);
    const std::string past = std::to_string(max + 1);
    const std::string needs = " needs GL_MAX_TEXTURE_SIZE >= " + past +
                              " (pixels per side); this GL's is " + std::to_string(max);

    EXPECT_EQ(errorFrom([&] { cs::Texture2D("huge", max + 1, 1, GL_RGBA8); }),
              "texture 'huge' of " + past + "x1" + needs);
    EXPECT_EQ(errorFrom([&] { cs::Texture2D("tall", 1, max + 1, GL_RGBA8); }),
              "texture 'tall' of 1x" + past + needs);
    // A framebuffer's colour texture is checked the same way.
    EXPECT_EQ(errorFrom([&] { cs::Framebuffer("target", max + 1, 1, GL_RGBA8, false); }),
              "texture 'target colour' of " + past + "x1" + needs);
    // GlTest::TearDown checks that none of this raised a GL error.
}

TEST_F(TextureLimits, EmptySizeThrows) {
    EXPECT_THROW(cs::Texture2D("empty", 0, 4, GL_RGBA8), cs::Error);
    EXPECT_THROW(cs::Texture2D("negative", 4, -1, GL_RGBA8), cs::Error);
}

// --- Framebuffer ----------------------------------------------------------------------------

using FramebufferTargets = cs::test::GlTest;

TEST_F(FramebufferTargets, AttachmentsAreLabelledAndDeletedWithIt) {
    GLuint color = 0, depth = 0;
    {
        const cs::Framebuffer framebuffer("target", 5, 3, GL_RGBA8, /*withDepth=*/true);
        EXPECT_EQ(framebuffer.width(), 5);
        EXPECT_EQ(framebuffer.height(), 3);
        color = framebuffer.color().id();
        depth = framebuffer.depth().id();
        EXPECT_EQ(framebuffer.color().format(), static_cast<GLenum>(GL_RGBA8));
        EXPECT_EQ(framebuffer.depth().format(), static_cast<GLenum>(GL_DEPTH_COMPONENT32F));
        EXPECT_EQ(objectLabel(GL_TEXTURE, color), "target colour");
        EXPECT_EQ(objectLabel(GL_TEXTURE, depth), "target depth");
    }
    EXPECT_FALSE(glIsTexture(color));
    EXPECT_FALSE(glIsTexture(depth));
}

TEST_F(FramebufferTargets, WithoutDepthHasNoDepthTexture) {
    const cs::Framebuffer framebuffer("colour only", 2, 2, GL_RGBA8, /*withDepth=*/false);
    EXPECT_NE(framebuffer.color().id(), 0u);
    EXPECT_EQ(framebuffer.depth().id(), 0u);
}

TEST_F(FramebufferTargets, ClearsReachTheAttachments) {
    const cs::Framebuffer framebuffer("cleared", 5, 3, GL_RGBA8, /*withDepth=*/true);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.id());
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER),
              static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
    glClearDepth(0.25);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    glClearDepth(1.0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    std::vector<uint8_t> color(5 * 3 * 4, 0);
    framebuffer.color().download(GL_RGBA, GL_UNSIGNED_BYTE, color.data(), color.size());
    for (size_t i = 0; i < color.size(); i += 4) {
        EXPECT_EQ(color[i + 0], 51) << "pixel " << i / 4;
        EXPECT_EQ(color[i + 1], 102) << "pixel " << i / 4;
        EXPECT_EQ(color[i + 2], 153) << "pixel " << i / 4;
        EXPECT_EQ(color[i + 3], 255) << "pixel " << i / 4;
    }
    std::vector<float> depth(5 * 3, 0.0f);
    framebuffer.depth().download(GL_DEPTH_COMPONENT, GL_FLOAT, depth.data(),
                                 depth.size() * sizeof(float));
    EXPECT_EQ(depth, std::vector<float>(5 * 3, 0.25f));
}

}  // namespace
