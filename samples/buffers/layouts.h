#pragma once
// The struct this sample writes, in the two layouts it can take, mirrored in C++ and checked
// by the compiler against the offsets the GL's rules give. fill.comp declares it as
//
//     struct Element {
//         vec3 position;
//         float weight;
//         float samples[4];
//         vec2 velocity;
//     };
//
// The rules are OpenGL 4.3 core, section 7.6.2.2 "Standard Uniform Block Layout": a member
// starts at the next multiple of its base alignment. A float aligns to 4 (rule 1), a vec2 to
// 8 (rule 2), a vec3 to 16, like a vec4 (rule 3). std140 rounds the alignment and the stride of
// an array (rule 4) and the alignment of a struct (rule 9) up to a vec4's 16; std430, the
// same rules without that rounding, is allowed on storage blocks only.
#include <cstddef>
#include <cstdint>
#include <string>

namespace buffers {

// std140: every float of the array takes 16 bytes.
struct Std140Element {
    float position[3];  // 0: a vec3 aligns to 16 (rule 3), and takes 12 bytes
    float weight;       // 12: a float aligns to 4 (rule 1): it fills the vec3's fourth slot
    struct PaddedFloat {
        float value;
        float padding[3];
    } samples[4];       // 16: rule 4 rounds the array's stride up to 16
    float velocity[2];  // 80: a vec2 aligns to 8 (rule 2)
    float padding[2];   // 88: rule 9 pads the struct to a multiple of its alignment, 16
};
static_assert(offsetof(Std140Element, position) == 0 && offsetof(Std140Element, weight) == 12 &&
                  offsetof(Std140Element, samples) == 16 &&
                  sizeof(Std140Element::PaddedFloat) == 16 &&
                  offsetof(Std140Element, velocity) == 80 && sizeof(Std140Element) == 96,
              "Std140Element must match fill.comp's Element under std140");

// std430: the array is packed, and the struct shrinks to half.
struct Std430Element {
    float position[3];  // 0: a vec3 still aligns to 16 (rule 3)
    float weight;       // 12: into the vec3's fourth slot, as in std140
    float samples[4];   // 16: the array's stride is a float's own 4
    float velocity[2];  // 32: a vec2 aligns to 8
    float padding[2];   // 40: the struct still aligns to 16, its vec3's alignment (rule 9)
};
static_assert(offsetof(Std430Element, position) == 0 && offsetof(Std430Element, weight) == 12 &&
                  offsetof(Std430Element, samples) == 16 &&
                  offsetof(Std430Element, velocity) == 32 && sizeof(Std430Element) == 48,
              "Std430Element must match fill.comp's Element under std430");

// The uniform block of parameters, declared std140: std430 is for storage blocks only in
// GL 4.3, and the shared and packed layouts leave the offsets to the driver. Two floats, at 0
// and 4.
struct Parameters {
    float scale;
    float bias;
};
static_assert(offsetof(Parameters, scale) == 0 && offsetof(Parameters, bias) == 4,
              "Parameters must match fill.comp's std140 uniform block");

// One member of Element where a layout puts it: what the byte map colours, and what the
// sample compares with the program's own answer (glGetProgramResourceiv).
struct Member {
    const char* name;         // as in fill.comp
    const char* type;         // its GLSL type
    std::size_t offset;       // bytes from the start of the element
    std::size_t floats;       // the floats it holds
    std::size_t arrayStride;  // bytes from one array element to the next; 0: not an array
};

// Byte `k * 4` of a member's floats: vector components follow each other, array elements
// are arrayStride apart.
constexpr std::size_t floatOffset(const Member& member, std::size_t k) {
    return member.offset + k * (member.arrayStride ? member.arrayStride : 4);
}

struct Layout {
    const char* name;    // the layout qualifier
    std::size_t stride;  // bytes from one element to the next: the mirror's size
    Member members[4];
};

constexpr Layout kStd140 = {"std140",
                            sizeof(Std140Element),
                            {{"position", "vec3", offsetof(Std140Element, position), 3, 0},
                             {"weight", "float", offsetof(Std140Element, weight), 1, 0},
                             {"samples", "float[4]", offsetof(Std140Element, samples), 4,
                              sizeof(Std140Element::PaddedFloat)},
                             {"velocity", "vec2", offsetof(Std140Element, velocity), 2, 0}}};
constexpr Layout kStd430 = {"std430",
                            sizeof(Std430Element),
                            {{"position", "vec3", offsetof(Std430Element, position), 3, 0},
                             {"weight", "float", offsetof(Std430Element, weight), 1, 0},
                             {"samples", "float[4]", offsetof(Std430Element, samples), 4, 4},
                             {"velocity", "vec2", offsetof(Std430Element, velocity), 2, 0}}};

inline const Layout& layoutNamed(const std::string& name) {
    return name == "std140" ? kStd140 : kStd430;
}

// The input, one float per element: 1, 1.5, 2, ... (exact in float up to 2^24 elements).
inline float inputValue(std::uint32_t i) {
    return 1.0f + 0.5f * float(i);
}

// What the output buffer holds before the pass, in every 4-byte word: a NaN, which fill.comp
// never writes. Words that still hold it afterwards are the padding no member covers.
constexpr std::uint32_t kMarker = 0xFFFFFFFFu;

}  // namespace buffers
