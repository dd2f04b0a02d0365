// particles: a shower of particles falling under gravity onto a moving sphere, inside a
// box. The state lives in one buffer that a compute shader updates in place and the vertex
// shader reads directly as its vertex buffer: no copy to or from the CPU. See README.md.
//
// The frame, update() here:
//   step.comp  steps_per_frame times, each particle in place   SHADER_STORAGE between steps;
//              after the last, VERTEX_ATTRIB_ARRAY | BUFFER_UPDATE (the draw, --output).
//              Reads the Step block (uniform buffer 0), written once per frame, and the
//              step counter, a uniform per dispatch
//   render(): scene.vert/.frag draw the box and the sphere; particle.vert/.frag draw the
//             particles as points, fetched from the same buffer as vertex attributes. Both
//             read the View block (uniform buffer 1, view.glsl), written once per frame
#include <imgui.h>

#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <iterator>
#include <utility>

#include "app/sample.h"
#include "gl/info.h"
#include "gl/program.h"
#include "gl/uniform_block.h"
#include "mesh.h"
#include "overlay.h"
#include "state.h"

namespace {

using particles::Particle;  // two vec4s, std430 (state.h)

constexpr float kSphereSwing = 0.5f;       // the sphere moves along x between -0.5 and 0.5
const float kBoxRadius = std::sqrt(3.0f);  // the sphere around the box [-1, 1]^3 (mesh.h)
const char* const kIntegrators[] = {"euler", "semi_implicit", "verlet", "rk4"};
constexpr int kMaxStepsPerFrame = 16;

// The step's parameters: the C++ mirror of the std140 block Step in step.comp. The
// parameters that the overlay and --set change live here (Params::add with storage).
struct Step {
    std::uint32_t count;
    float dt, gravity;
    std::int32_t integrator;
    float drag, restitution, sphere_radius, lifetime;
    std::uint32_t seed, firstStep;
    // xyz. std140 gives an array element 16 bytes and starts the array at a multiple of 16.
    alignas(16) glm::vec4 sphereCenters[kMaxStepsPerFrame];
    glm::vec4 sphereVelocities[kMaxStepsPerFrame];
};
// The camera: the mirror of the block View in view.glsl, which both draws read.
struct View {
    glm::mat4 view, projection, viewProjection;
    float pointScale;
};

}  // namespace

class Particles : public cs::Sample {
public:
    Particles() : Sample("particles", "particles under gravity bouncing off a moving sphere") {}

private:
    int& count =
        params.add("count", 65536, {1, 1 << 24}, "number of particles")
            .activeWhen([this] { return options().input.empty(); },
                        "with --input: the particles come from the file")
            .interactiveAt(65536)
            .costGrowsAs(cs::growth::linear)
            .sliderRange(
                [this] {
                    return cs::Range<int>{1, particles::mostParticles(localSize)};
                },
                [] { return std::string("every particle, 32 bytes, in one storage block"); });
    cs::UniformBlock<Step> stepBlock{
        "Step",
        {CS_BLOCK_MEMBER(Step, count), CS_BLOCK_MEMBER(Step, integrator),
         CS_BLOCK_MEMBER(Step, seed), CS_BLOCK_MEMBER(Step, firstStep),
         CS_BLOCK_MEMBER(Step, sphereCenters), CS_BLOCK_MEMBER(Step, sphereVelocities)}};
    cs::UniformBlock<View> viewBlock{
        "View",
        {CS_BLOCK_MEMBER(View, view), CS_BLOCK_MEMBER(View, projection),
         CS_BLOCK_MEMBER(View, viewProjection), CS_BLOCK_MEMBER(View, pointScale)}};

    float& dt = params.add("dt", stepBlock.values.dt, 1.0f / 120.0f, {0.0001f, 0.05f},
                           "seconds per simulation step");
    int& stepsPerFrame = params.add("steps_per_frame", 2, {1, kMaxStepsPerFrame}, "steps per frame")
                             .costGrowsAs(cs::growth::linear);
    std::string& integrator =
        params.choice("integrator", "verlet",
                      {kIntegrators[0], kIntegrators[1], kIntegrators[2], kIntegrators[3]},
                      "explicit Euler, semi-implicit Euler, velocity Verlet, Runge-Kutta 4");
    float& gravity = params.add("gravity", stepBlock.values.gravity, 9.81f, {0.0f, 50.0f},
                                "downward acceleration");
    float& drag = params.add("drag", stepBlock.values.drag, 0.0f, {0.0f, 50.0f},
                             "linear air drag, per second");
    float& restitution = params.add("restitution", stepBlock.values.restitution, 0.6f, {0.0f, 1.0f},
                                    "bounciness of collisions");
    float& sphereRadius = params.add("sphere_radius", stepBlock.values.sphere_radius, 0.3f,
                                     {0.05f, 0.45f}, "sphere radius");
    float& sphereSpeed = params.add("sphere_speed", 1.0f, {0.0f, 10.0f}, "sphere swing, rad/s");
    float& lifetime = params.add("lifetime", stepBlock.values.lifetime, 4.0f, {0.0f, 60.0f},
                                 "seconds per particle; 0: forever");
    int& localSize = params.choice("local_size", 256, {64, 128, 256, 512, 1024}, "work-group size");

    cs::Buffer particles;
    cs::Program step, drawParticles, drawScene;
    cs::VertexArray particleLayout;
    particles::Mesh sphere, box;
    std::uint32_t stepCount = 0;
    bool resetPressed = false;  // the overlay's button

    // The sphere swings along x; where it is, and how fast, at simulation time t.
    glm::vec3 sphereCenter(double t) const {
        return {kSphereSwing * float(std::sin(sphereSpeed * t)), 0.0f, 0.0f};
    }
    glm::vec3 sphereVelocity(double t) const {
        return {kSphereSwing * sphereSpeed * float(std::cos(sphereSpeed * t)), 0.0f, 0.0f};
    }

    int integratorIndex() const {
        for (int i = 0; i < int(std::size(kIntegrators)); ++i)
            if (integrator == kIntegrators[i]) return i;
        return 2;
    }

    void update(double) override {
        // A count or work-group size this GL cannot dispatch throws cs::Error below; after an
        // overlay edit the framework undoes the edit and shows why.
        if (params.changed(&localSize)) buildStepProgram();
        // The overlay's button only asks: emitting issues GL commands, so it runs here.
        const bool resetAsked = std::exchange(resetPressed, false);
        if (params.changed(&count) || resetAsked) emitAll();

        // The block goes up once per frame: the sphere's path is new every frame. The members
        // that no parameter holds are written here; the parameters already are in it.
        Step& s = stepBlock.values;
        s.count = GLuint(count);
        s.integrator = integratorIndex();
        s.seed = seed();
        s.firstStep = stepCount + 1;
        for (int i = 0; i < stepsPerFrame; ++i) {
            // The sphere is where it is at the step's end.
            const double t = double(s.firstStep + std::uint32_t(i)) * dt;
            s.sphereCenters[i] = glm::vec4(sphereCenter(t), 0.0f);
            s.sphereVelocities[i] = glm::vec4(sphereVelocity(t), 0.0f);
        }
        stepBlock.upload();

        auto pass = gpuPass("step");
        step.use();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, particles.id());
        stepBlock.bind(0);
        const glm::uvec3 groups = step.groupsFor(GLuint(count));
        for (int i = 0; i < stepsPerFrame; ++i) {
            ++stepCount;
            glUniform1ui(step.uniform("step"), stepCount);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The next step reads what this one wrote as a storage buffer (SHADER_STORAGE).
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        // After the last step: the draw reads the particles as vertex attributes
        // (VERTEX_ATTRIB_ARRAY) and --output copies them (BUFFER_UPDATE).
        glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }

    void setup() override {
        useCamera();  // a left drag orbits, the wheel zooms, Home goes back; render() fits it
        buildStepProgram();
        if (!options().input.empty())
            loadState(options().input);
        else
            emitAll();
        drawParticles = cs::Program::graphics("particles/particle.vert", "particles/particle.frag");
        drawScene = cs::Program::graphics("particles/scene.vert", "particles/scene.frag");
        viewBlock.check(drawParticles, params);
        viewBlock.check(drawScene, params);
        sphere = particles::upload("sphere", particles::sphereTriangles(24, 48));
        box = particles::upload("box", particles::boxEdges());
    }

    void buildStepProgram() {
        step = cs::Program::compute("particles/step.comp",
                                    {{"LOCAL_SIZE", std::to_string(localSize)}});
        stepBlock.check(step, params);
    }

    // Every particle starts waiting, with a negative age; the step shader emits it when
    // its age reaches zero. The delays spread over one lifetime, so the shower starts as a
    // stream rather than as one burst.
    void emitAll() {
        checkFits(std::size_t(count));
        std::vector<Particle> state(static_cast<size_t>(count));
        const float spread = lifetime > 0 ? lifetime : 4.0f;
        for (size_t i = 0; i < state.size(); ++i)
            state[i].position.w = -spread * float(i + 1) / float(state.size());
        upload(state);
    }

    // Before anything is allocated: one dispatch must cover every particle (the call that sizes
    // it throws cs::Error past the GL's limit on work groups), and the step binds them all as
    // one storage block.
    void checkFits(std::size_t particles) const {
        step.groupsFor(particles);
        cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE,
                         std::int64_t(particles * sizeof(Particle)),
                         "a state of " + std::to_string(particles) + " particles");
    }

    // --input: the state file (state.h), at most what the step binds as one storage block
    // (/dev/zero is refused there).
    void loadState(const std::string& path) {
        const std::vector<Particle> state = particles::readState(
            path, std::size_t(cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE)));
        checkFits(state.size());
        count = int(state.size());
        upload(state);
    }

    void upload(const std::vector<Particle>& state) {
        particles = cs::Buffer("particles", GLsizeiptr(state.size() * sizeof(Particle)),
                               cs::BufferUse::Computed, state.data());
        // The same buffer feeds the vertex shader, one Particle per vertex (binding 0):
        // attribute 0 = position, 1 = velocity, at their offsets inside the struct.
        particleLayout = cs::VertexArray("particle attributes");
        glBindVertexArray(particleLayout.id());
        glBindVertexBuffer(0, particles.id(), 0, sizeof(Particle));
        glEnableVertexAttribArray(0);
        glVertexAttribFormat(0, 4, GL_FLOAT, GL_FALSE, offsetof(Particle, position));
        glVertexAttribBinding(0, 0);
        glEnableVertexAttribArray(1);
        glVertexAttribFormat(1, 4, GL_FLOAT, GL_FALSE, offsetof(Particle, velocity));
        glVertexAttribBinding(1, 0);
        glBindVertexArray(0);
    }

    void render() override {
        // The home view fits the box's bounding sphere into the part of the window the overlay
        // leaves free, at whatever shape that part has: refitted when the shape changes, until
        // the user moves the camera (Home refits it).
        const cs::Rect area = freeArea();
        const float fit = cs::OrbitCamera::distanceToFit(kBoxRadius, area.width / area.height);
        if (fit != camera().pose().distance && !camera().userMoved())
            camera().setHome({glm::vec3(0.0f), fit, 7.0f, 17.0f});  // target, distance, yaw, pitch
        View& v = viewBlock.values;
        v.view = camera().view();
        v.projection = camera().projectionOn(area, width(), height());
        v.viewProjection = v.projection * v.view;
        v.pointScale = 0.012f * float(height());
        viewBlock.upload();  // once per frame: the camera and the window may change any frame
        glEnable(GL_DEPTH_TEST);

        drawScene.use();
        viewBlock.bind(1);
        glUniformMatrix4fv(drawScene.uniform("model"), 1, GL_FALSE, glm::value_ptr(glm::mat4(1)));
        glUniform1i(drawScene.uniform("lit"), 0);
        glUniform3f(drawScene.uniform("color"), 0.45f, 0.45f, 0.5f);
        glBindVertexArray(box.layout.id());
        glDrawArrays(GL_LINES, 0, box.count);

        const glm::mat4 model = glm::scale(
            glm::translate(glm::mat4(1), sphereCenter(stepCount * dt)), glm::vec3(sphereRadius));
        glUniformMatrix4fv(drawScene.uniform("model"), 1, GL_FALSE, glm::value_ptr(model));
        glUniform1i(drawScene.uniform("lit"), 1);
        glUniform3f(drawScene.uniform("color"), 0.8f, 0.8f, 0.85f);
        glBindVertexArray(sphere.layout.id());
        glDrawArrays(GL_TRIANGLES, 0, sphere.count);

        drawParticles.use();
        viewBlock.bind(1);
        glEnable(GL_PROGRAM_POINT_SIZE);  // gl_PointSize comes from the vertex shader
        glBindVertexArray(particleLayout.id());
        glDrawArrays(GL_POINTS, 0, count);
        glBindVertexArray(0);
        glDisable(GL_DEPTH_TEST);
    }

    void ui() override {
        if (ImGui::Button("reset emitter")) resetPressed = true;
        ImGui::Text("simulated %.2f s in %u steps", double(stepCount) * dt, stepCount);
        particles::legend();  // what the colours mean (overlay.cpp)
    }

    // --output: the state after the last frame, in the --input format.
    void finish() override {
        if (options().output.empty()) return;
        std::vector<Particle> state(static_cast<size_t>(count));
        particles.download(state.data(), GLsizeiptr(state.size() * sizeof(Particle)));
        queueOutput(options().output, state.data(), state.size() * sizeof(Particle));
    }

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        // Each step reads and writes every particle once: 32 + 32 bytes.
        const double bytes = 64.0 * count * stepsPerFrame;
        return {cs::bandwidthFigure("step bandwidth", bytes, benchMedianMs("step"), calibration)};
    }
};

CS_SAMPLE_MAIN(Particles)
