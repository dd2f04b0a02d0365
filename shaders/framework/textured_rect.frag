#version 430
layout(binding = 0) uniform sampler2D image;

in vec2 uv;
out vec4 color;

void main() {
    // Alpha is shown as a checkerboard behind the image, so transparency stays visible.
    vec4 texel = texture(image, uv);
    ivec2 cell = ivec2(gl_FragCoord.xy) / 8;
    vec3 checker = vec3(((cell.x + cell.y) & 1) == 0 ? 0.6 : 0.4);
    color = vec4(mix(checker, texel.rgb, texel.a), 1.0);
}
