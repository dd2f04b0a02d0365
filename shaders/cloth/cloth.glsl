// What the cloth's compute passes share: the grid and its springs, the forces, the XPBD
// correction, and the collisions. samples/cloth/cloth.cpp does the same arithmetic, in the
// same order, on the CPU (compute=cpu).
//
// Layouts (std430): a point is a vec4, xyz = position and w = inverse mass (0 = pinned);
// velocities and normals are vec4s with w = 0; the rest lengths are six float arrays, one
// per direction, each grid.x * grid.y long (index direction * count + point).

// The numbers every pass reads: one std140 block at uniform binding 0, mirrored member for
// member by cloth::Physics (samples/cloth/cloth.h), which main.cpp uploads when a parameter
// changes and binds before every dispatch. A member that is a parameter has its name
// (sphere_x: --set sphere_x=...); grid and h the sample writes; the last three are constants.
layout(std140, binding = 0) uniform Physics {
    ivec2 grid;           // points along x and along y
    float h;              // seconds per substep: dt / substeps
    float stiffness;      // c, N/m
    float damping;        // d, N s/m on the ends' relative velocity along the spring
    float drag;           // the air's push along the normal, per second
    float gravity;        // m/s^2 along -y
    float wind;           // m/s along +x
    float friction;       // Coulomb coefficient at the sphere and the ground
    float sphere_x;       // the sphere's centre
    float sphere_y;
    float sphere_z;
    float sphere_radius;
    float ground;         // the plane y = ground
    float thickness;      // points keep this far from the sphere and the ground
    float jacobiWeight;   // over-relaxation of Jacobi's averaged corrections
};

// The six springs a point owns run to these neighbours; the other six of its up to twelve
// belong to the neighbours at minus these offsets. Structural, shear, bend: two of each.
const ivec2 kOffsets[6] =
    ivec2[6](ivec2(1, 0), ivec2(0, 1), ivec2(1, 1), ivec2(1, -1), ivec2(2, 0), ivec2(0, 2));

bool inGrid(ivec2 p) {
    return all(greaterThanEqual(p, ivec2(0))) && all(lessThan(p, grid));
}

int indexOf(ivec2 p) {
    return p.y * grid.x + p.x;
}

// The extent of colour `colour`'s dispatch: one invocation per spring start of that parity,
// half the columns (half the rows for directions 1 and 5), rounded up. Mirrors colourExtent()
// in samples/cloth/cloth.h, which sizes the dispatch.
ivec2 colourExtent(int colour) {
    int k = colour / 2;
    return k == 1 || k == 5 ? ivec2(grid.x, (grid.y + 1) / 2) : ivec2((grid.x + 1) / 2, grid.y);
}

// The start point of the spring that invocation `id` of colour `colour`'s dispatch takes.
// Colour 2k + p holds the springs of direction k whose start has parity p along the
// direction's axis (columns 2m + p, or rows for direction 1); for the bend springs, which
// reach two points on, pairs of columns 4m + 2p + {0, 1} (rows for direction 5). Either way
// no two springs of one colour share a point. The spring may run off the grid: the caller
// checks both ends.
ivec2 colourStart(ivec2 id, int colour) {
    int k = colour / 2, p = colour % 2;
    if (k == 1) return ivec2(id.x, 2 * id.y + p);
    if (k == 4) return ivec2(4 * (id.x / 2) + 2 * p + id.x % 2, id.y);
    if (k == 5) return ivec2(id.x, 4 * (id.y / 2) + 2 * p + id.y % 2);
    return ivec2(2 * id.x + p, id.y);  // directions 0, 2, 3: by columns
}

// Hooke's law with damping, for the spring from a to b: the force on a (b feels the
// opposite). Stretched, it pulls a towards b. The damping acts on the ends' relative
// velocity along the spring only, so that moving or turning the cloth as a whole costs no
// energy: only stretching does.
vec3 springForce(vec3 xa, vec3 va, vec3 xb, vec3 vb, float restLength) {
    vec3 d = xb - xa;
    float len = length(d);
    if (len == 0.0) return vec3(0.0);  // ends on top of each other: no direction to push in
    vec3 direction = d / len;
    return (stiffness * (len - restLength) + damping * dot(vb - va, direction)) * direction;
}

// Gravity, and the air, which pushes along the normal in proportion to how fast it crosses
// the cloth there (the wind along +x, less the cloth's own velocity). The normal's sign does
// not matter: it appears twice.
vec3 externalAcceleration(vec3 v, vec3 normal) {
    vec3 air = vec3(wind, 0.0, 0.0) - v;
    return vec3(0.0, -gravity, 0.0) + drag * dot(normal, air) * normal;
}

// A point that touches a surface with normal n keeps no velocity into it, and friction takes
// from its sliding speed up to `friction` times the speed into the surface it lost (Coulomb:
// the friction impulse is bounded by the normal impulse).
vec3 contactVelocity(vec3 v, vec3 n) {
    float into = dot(v, n);
    if (into >= 0.0) return v;  // already leaving
    vec3 sliding = v - into * n;
    float speed = length(sliding), stop = -friction * into;
    return speed > stop ? sliding * (1.0 - stop / speed) : vec3(0.0);
}

// Puts a point that ended inside the sphere or below the ground back on its surface. A
// sphere that reaches below the ground can push a point under it, and the ground back into
// the sphere: then the nearest place outside both is on the circle where they meet.
void collide(inout vec3 x, inout vec3 v) {
    vec3 sphereCentre = vec3(sphere_x, sphere_y, sphere_z);
    float radius = sphere_radius + thickness;
    vec3 r = x - sphereCentre;
    float distance = length(r);
    if (distance < radius) {
        vec3 n = distance > 0.0 ? r / distance : vec3(0.0, 1.0, 0.0);
        x = sphereCentre + n * radius;
        v = contactVelocity(v, n);
    }
    float floorY = ground + thickness;
    if (x.y < floorY) {
        x.y = floorY;
        v = contactVelocity(v, vec3(0.0, 1.0, 0.0));
        r = x - sphereCentre;
        if (length(r) < radius) {
            float below = floorY - sphereCentre.y;
            float ring = sqrt(max(radius * radius - below * below, 0.0));
            vec2 out2 = vec2(r.x, r.z);
            float outLength = length(out2);
            out2 = outLength > 0.0 ? out2 / outLength : vec2(1.0, 0.0);
            x.x = sphereCentre.x + out2.x * ring;
            x.z = sphereCentre.z + out2.y * ring;
            v = contactVelocity(v, (x - sphereCentre) / radius);
        }
    }
}

// Semi-implicit Euler for the springs solver: the new velocity moves the point.
void integrate(inout vec3 x, inout vec3 v, float inverseMass, vec3 force, vec3 normal) {
    v += h * (inverseMass * force + externalAcceleration(v, normal));
    x += h * v;
    collide(x, v);
}

// XPBD for the distance constraint C = |xb - xa| - restLength, compliance 1 / stiffness and
// damping d (Macklin, Mueller, Chentanez 2016: the multiplier update, in its damped form),
// one iteration per substep (Macklin et al. 2019), so the multiplier starts from zero each
// time and needs no storage.
// pa, pb: the positions at the substep's start. Returns dlambda times the direction a -> b:
// a moves by -wa times it, b by +wb times it.
vec3 xpbdCorrection(vec3 xa, vec3 pa, float wa, vec3 xb, vec3 pb, float wb, float restLength) {
    vec3 d = xb - xa;
    float len = length(d);
    if (len == 0.0 || wa + wb == 0.0) return vec3(0.0);
    vec3 direction = d / len;
    float compliance = 1.0 / (stiffness * h * h);  // alpha~ = alpha / h^2, alpha = 1 / c
    float gamma = damping / (stiffness * h);       // alpha~ beta~ / h, beta~ = h^2 d
    float moved = dot(direction, (xb - pb) - (xa - pa));  // grad C . (x - x_start)
    float dlambda =
        (-(len - restLength) - gamma * moved) / ((1.0 + gamma) * (wa + wb) + compliance);
    return dlambda * direction;
}
