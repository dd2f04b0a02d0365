#version 430
// Step 1 of the pipeline: the scene, generated from gl_VertexID and gl_InstanceID with no
// vertex buffer. Object 0 is the ground, one quad; object 1 is a row of spheres, one
// instance each, receding from the camera so that every sphere sits at its own depth.
#ifndef SLICES
#define SLICES 32  // quads around a sphere
#endif
#ifndef STACKS
#define STACKS 16  // quads from pole to pole
#endif

uniform mat4 view;        // world -> view space
uniform mat4 projection;  // view -> clip space
uniform int object;       // 0 ground, 1 spheres

out vec3 worldPosition;
out vec3 worldNormal;
out vec3 viewPosition;
flat out vec3 albedo;

const float PI = 3.14159265;
const vec3 palette[5] = vec3[](vec3(0.85, 0.25, 0.2), vec3(0.95, 0.75, 0.2),
                               vec3(0.25, 0.7, 0.35), vec3(0.2, 0.45, 0.85),
                               vec3(0.7, 0.3, 0.75));

void main() {
    // Six vertices make the two triangles of one quad; these are its corners in order.
    const ivec2 corners[6] =
        ivec2[](ivec2(0, 0), ivec2(1, 0), ivec2(1, 1), ivec2(0, 0), ivec2(1, 1), ivec2(0, 1));
    ivec2 corner = corners[gl_VertexID % 6];

    vec3 position, normal;
    if (object == 0) {
        vec2 xz = mix(vec2(-60.0, 10.0), vec2(60.0, -150.0), vec2(corner));
        position = vec3(xz.x, -1.0, xz.y);
        normal = vec3(0.0, 1.0, 0.0);
        albedo = vec3(1.0);  // the fragment shader paints the checkerboard
    } else {
        int quad = gl_VertexID / 6;
        float around = 2.0 * PI * float(quad % SLICES + corner.x) / float(SLICES);
        float down = PI * float(quad / SLICES + corner.y) / float(STACKS);
        normal = vec3(sin(down) * cos(around), cos(down), sin(down) * sin(around));
        // Unit spheres resting on the ground (y = -1), in a line slanting away to the right.
        int i = gl_InstanceID;
        vec3 centre = vec3(-3.0 + 2.0 * float(i), 0.0, -4.0 - 4.0 * float(i));
        position = centre + normal;
        albedo = palette[i % 5];
    }
    worldPosition = position;
    worldNormal = normal;
    vec4 inView = view * vec4(position, 1.0);
    viewPosition = inView.xyz;
    gl_Position = projection * inView;
}
