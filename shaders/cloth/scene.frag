#version 430
// The sphere and the ground the cloth falls on, traced per pixel rather than built from
// triangles: exact at any size, and where the collisions put them. The depth written is the
// hit point's, so the cloth's triangles are hidden behind them as they should be.
in vec2 ndc;
out vec4 fragColor;

uniform mat4 viewProjection, inverseViewProjection;

#include "cloth.glsl"  // the block Physics: the sphere and the ground the passes collide with

void main() {
    vec3 sphereCentre = vec3(sphere_x, sphere_y, sphere_z);
    float sphereRadius = sphere_radius;
    vec4 near = inverseViewProjection * vec4(ndc, -1.0, 1.0);
    vec4 far = inverseViewProjection * vec4(ndc, 1.0, 1.0);
    vec3 origin = near.xyz / near.w, ray = normalize(far.xyz / far.w - origin);

    float t = -1.0;
    vec3 normal = vec3(0.0), color = vec3(0.0);
    vec3 toCentre = sphereCentre - origin;
    float along = dot(toCentre, ray);
    float miss = dot(toCentre, toCentre) - along * along;
    if (miss < sphereRadius * sphereRadius) {
        t = along - sqrt(sphereRadius * sphereRadius - miss);
        vec3 hit = origin + t * ray;
        normal = (hit - sphereCentre) / sphereRadius;
        color = vec3(0.55, 0.62, 0.75);
    }
    if (ray.y < 0.0) {
        float tGround = (ground - origin.y) / ray.y;
        vec3 hit = origin + tGround * ray;
        float fromCentre = length(hit.xz - sphereCentre.xz);
        if (tGround > 0.0 && (t < 0.0 || tGround < t) && fromCentre < 6.0) {
            t = tGround;
            normal = vec3(0.0, 1.0, 0.0);
            vec2 tile = floor(hit.xz * 2.0);  // half-metre tiles
            color = mod(tile.x + tile.y, 2.0) > 0.5 ? vec3(0.32) : vec3(0.4);
            color *= 1.0 - smoothstep(3.0, 6.0, fromCentre);  // fades out at 6 m
        }
    }
    if (t < 0.0) discard;
    vec3 hit = origin + t * ray;
    float light = 0.3 + 0.7 * max(dot(normal, normalize(vec3(0.4, 0.9, 0.5))), 0.0);
    fragColor = vec4(color * light, 1.0);
    vec4 clip = viewProjection * vec4(hit, 1.0);
    gl_FragDepth = 0.5 * clip.z / clip.w + 0.5;  // the default depth range, [0, 1]
}
