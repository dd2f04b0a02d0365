#include "canny.h"

namespace line_space {

void EdgeDetector::prepare(int width, int height) {
    if (!blur) {
        blur = cs::Program::compute("line_space/canny_blur.comp");
        gradient = cs::Program::compute("line_space/canny_gradient.comp");
        suppress = cs::Program::compute("line_space/canny_suppress.comp");
        hysteresis = cs::Program::compute("line_space/canny_hysteresis.comp");
        strongEdges = cs::Program::compute("line_space/canny_edges.comp");
        inputEdges = cs::Program::compute("line_space/input_edges.comp");
        changedGroups = cs::Buffer("canny changed groups", 4, cs::BufferUse::ReadBack);
    }
    if (blurred.width() == width && blurred.height() == height) return;
    blurred = cs::Texture2D("canny blurred grey", width, height, GL_R8UI);
    gradients = cs::Texture2D("canny gradients", width, height, GL_R32UI);
    classes[0] = cs::Texture2D("canny classes 0", width, height, GL_R8UI);
    classes[1] = cs::Texture2D("canny classes 1", width, height, GL_R8UI);
}

}  // namespace line_space
