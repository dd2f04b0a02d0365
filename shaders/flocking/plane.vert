#version 430
// One paper plane per member, instanced: attributes 0-1 walk the plane's mesh, 2-6 advance
// once per instance, straight from the simulation's buffers (main.cpp binds them; no copy):
// the member's position, the frame the compute pass built for it, and its colour.
layout(location = 0) in vec3 vertex;  // the mesh: nose along +z, wings along x
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 boidPosition;
layout(location = 3) in vec3 side;
layout(location = 4) in vec3 up;
layout(location = 5) in vec3 forward;
layout(location = 6) in vec3 paper;

// The view follows the flock. The sums of the positions (xyz) and of their squared lengths
// (w) come straight from the buffer that the step filled for rule 4 (all_pairs.comp; the
// grid's reduction), read here as a uniform block, so the camera needs no read-back: the
// flock is drawn centred on its mean and scaled by its spread.
layout(std140, binding = 0) uniform Centre { vec4 positionSum; };
uniform float members;
uniform mat4 viewProjection;  // looks at the origin, from a few spreads away
uniform float planeSize;
uniform float startSpread;  // the flock's spread when it was made (Planes::remember)

out vec3 colour;

void main() {
    vec3 centre = positionSum.xyz / members;
    // The root mean square distance from the centre: E|p|² - |E p|² (at least 1).
    float spread = sqrt(max(positionSum.w / members - dot(centre, centre), 1.0));
    vec3 plane = planeSize * (vertex.x * side + vertex.y * up + vertex.z * forward);
    // A flock that spreads out is drawn smaller, scaled by its spread; its planes never shrink
    // below the size they had when it was made, or after a while they are specks.
    gl_Position = viewProjection *
                  vec4((boidPosition - centre) / spread + plane / min(spread, startSpread), 1.0);
    vec3 turned = normal.x * side + normal.y * up + normal.z * forward;
    // Paper shows both faces: light it from either side.
    float light = 0.35 + 0.65 * abs(dot(turned, normalize(vec3(0.3, 1.0, 0.5))));
    colour = paper * light;
}
