#include "app/draw.h"

#include <algorithm>
#include <glm/gtc/matrix_transform.hpp>

namespace cs {

Rect fitRect(const Rect& area, int imageWidth, int imageHeight) {
    const float scale = std::min(area.width / float(imageWidth), area.height / float(imageHeight));
    const float width = imageWidth * scale, height = imageHeight * scale;
    return {area.x + 0.5f * (area.width - width), area.y + 0.5f * (area.height - height), width,
            height};
}

glm::mat4 centreOn(const Rect& area, int targetWidth, int targetHeight) {
    const float x = 2.0f * (area.x + 0.5f * area.width) / float(targetWidth) - 1.0f;
    const float y = 2.0f * (area.y + 0.5f * area.height) / float(targetHeight) - 1.0f;
    return glm::translate(glm::mat4(1.0f), glm::vec3(x, y, 0.0f));
}

void TextureDrawer::draw(const Texture2D& texture, const Rect& rect, int targetWidth,
                         int targetHeight) const {
    if (!program_) {
        program_ =
            Program::graphics("framework/textured_rect.vert", "framework/textured_rect.frag");
        empty_ = VertexArray("textured rect");
        GLuint sampler = 0;
        glGenSamplers(1, &sampler);
        sampler_ = GlObject<SamplerTraits>(sampler);
        glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glSamplerParameteri(sampler, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    program_.use();
    // The rectangle in normalised device coordinates: (x0, y0, x1, y1).
    glUniform4f(program_.uniform("rectNdc"), 2 * rect.x / targetWidth - 1,
                2 * rect.y / targetHeight - 1, 2 * (rect.x + rect.width) / targetWidth - 1,
                2 * (rect.y + rect.height) / targetHeight - 1);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture.id());
    glBindSampler(0, sampler_.id());
    glBindVertexArray(empty_.id());
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindVertexArray(0);
    glBindSampler(0, 0);
}

}  // namespace cs
