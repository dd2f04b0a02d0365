#include "canny.h"

#include <cstdint>

namespace line_space {
namespace {

// One invocation per pixel of a width x height image.
void dispatchOverImage(const cs::Program& program, int width, int height) {
    glUniform2i(program.uniform("size"), width, height);
    const glm::uvec3 groups = program.groupsFor(width, height);
    glDispatchCompute(groups.x, groups.y, groups.z);
}

}  // namespace

void EdgeDetector::resize(int width, int height) {
    if (blurred_.width() == width && blurred_.height() == height) return;
    blurred_ = cs::Texture2D("canny blurred grey", width, height, GL_R8UI);
    gradients_ = cs::Texture2D("canny gradients", width, height, GL_R32UI);
    classes_[0] = cs::Texture2D("canny classes 0", width, height, GL_R8UI);
    classes_[1] = cs::Texture2D("canny classes 1", width, height, GL_R8UI);
}

void EdgeDetector::canny(const cs::Texture2D& source, const cs::Texture2D& edges, int low,
                         int high) {
    if (!blur_) {
        blur_ = cs::Program::compute("line_space/canny_blur.comp");
        gradient_ = cs::Program::compute("line_space/canny_gradient.comp");
        suppress_ = cs::Program::compute("line_space/canny_suppress.comp");
        hysteresis_ = cs::Program::compute("line_space/canny_hysteresis.comp");
        edges_ = cs::Program::compute("line_space/canny_edges.comp");
        changedGroups_ = cs::Buffer("canny changed groups", 4, cs::BufferUse::ReadBack);
    }
    const int width = source.width(), height = source.height();
    resize(width, height);

    blur_.use();
    glBindImageTexture(0, source.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindImageTexture(1, blurred_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8UI);
    dispatchOverImage(blur_, width, height);
    // Each of the next passes reads the previous one's image stores with imageLoad.
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

    gradient_.use();
    glBindImageTexture(0, blurred_.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8UI);
    glBindImageTexture(1, gradients_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    dispatchOverImage(gradient_, width, height);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

    suppress_.use();
    glUniform1ui(suppress_.uniform("lowSquared"), GLuint(low * low));
    glUniform1ui(suppress_.uniform("highSquared"), GLuint(high * high));
    glBindImageTexture(0, gradients_.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    glBindImageTexture(1, classes_[0].id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8UI);
    dispatchOverImage(suppress_, width, height);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

    // Hysteresis until a dispatch changes nothing. Each dispatch follows chains across whole
    // tiles, so a few suffice; the count each one leaves is read back (4 bytes, a wait for the
    // GPU), which is why the sample runs detection when its input changes, not every frame.
    hysteresis_.use();
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, changedGroups_.id());
    int current = 0;
    for (dispatches_ = 1;; ++dispatches_) {
        const std::uint32_t zero = 0;
        changedGroups_.upload(&zero, 4);
        glBindImageTexture(0, classes_[current].id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8UI);
        glBindImageTexture(1, classes_[1 - current].id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8UI);
        dispatchOverImage(hysteresis_, width, height);
        current = 1 - current;
        // The next dispatch (or edges.comp) loads the classes just stored, and the counter is
        // read back with glGetBufferSubData.
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        std::uint32_t changed = 0;
        changedGroups_.download(&changed, 4);
        if (changed == 0) break;
    }

    edges_.use();
    glBindImageTexture(0, classes_[current].id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8UI);
    glBindImageTexture(1, edges.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    dispatchOverImage(edges_, width, height);
}

void EdgeDetector::fromInput(const cs::Texture2D& source, const cs::Texture2D& edges) {
    if (!inputEdges_) inputEdges_ = cs::Program::compute("line_space/input_edges.comp");
    inputEdges_.use();
    glBindImageTexture(0, source.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindImageTexture(1, edges.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    dispatchOverImage(inputEdges_, source.width(), source.height());
}

}  // namespace line_space
