#version 430
// Double-sided: the front (the side the normal points to) is red, the back grey, and each
// side is lit with the normal turned towards the viewer.
in vec3 worldNormal;
in vec2 gridPosition;
out vec4 fragColor;

void main() {
    vec3 n = length(worldNormal) > 0.0 ? normalize(worldNormal) : vec3(0.0, 1.0, 0.0);
    if (!gl_FrontFacing) n = -n;
    vec2 check = floor(gridPosition * 7.999);  // 8 x 8 checks, whatever the grid
    bool dark = mod(check.x + check.y, 2.0) > 0.5;
    vec3 front = dark ? vec3(0.62, 0.16, 0.13) : vec3(0.86, 0.38, 0.24);
    vec3 back = dark ? vec3(0.45, 0.47, 0.52) : vec3(0.7, 0.72, 0.76);
    float light = 0.3 + 0.7 * max(dot(n, normalize(vec3(0.4, 0.9, 0.5))), 0.0);
    fragColor = vec4((gl_FrontFacing ? front : back) * light, 1.0);
}
