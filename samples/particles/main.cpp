// particles: a shower of particles falling under gravity onto a moving sphere, inside a
// box. The state lives in one buffer that a compute shader updates in place and the vertex
// shader reads directly as its vertex buffer: no copy to or from the CPU. See README.md.
//
// The frame, update() here:
//   step.comp  steps_per_frame times, each particle in place   SHADER_STORAGE between steps;
//              after the last, VERTEX_ATTRIB_ARRAY | BUFFER_UPDATE (the draw, --output)
//   render(): scene.vert/.frag draw the box and the sphere; particle.vert/.frag draw the
//             particles as points, fetched from the same buffer as vertex attributes
#include <imgui.h>

#include <cmath>
#include <cstring>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <iterator>
#include <utility>

#include "app/sample.h"
#include "gl/info.h"
#include "gl/program.h"
#include "mesh.h"
#include "overlay.h"
#include "util/error.h"
#include "util/file.h"

namespace {

// One particle as the shaders see it: std430 lays out two vec4s back to back.
struct Particle {
    glm::vec4 position;  // xyz, and w = age in seconds (negative: waiting to be emitted)
    glm::vec4 velocity;  // xyz; w unused
};
static_assert(sizeof(Particle) == 32 && offsetof(Particle, velocity) == 16,
              "Particle must match the std430 layout in shaders/particles/step.comp");

constexpr float kSphereSwing = 0.5f;       // the sphere moves along x between -0.5 and 0.5
const float kBoxRadius = std::sqrt(3.0f);  // the sphere around the box [-1, 1]^3 (mesh.h)
const char* const kIntegrators[] = {"euler", "semi_implicit", "verlet", "rk4"};

}  // namespace

class Particles : public cs::Sample {
public:
    Particles() : Sample("particles", "particles under gravity bouncing off a moving sphere") {}

private:
    int& count = params.add("count", 65536, {1, 1 << 24}, "number of particles")
                     .activeWhen([this] { return options().input.empty(); },
                                 "with --input: the particles come from the file");
    float& dt = params.add("dt", 1.0f / 120.0f, {0.0001f, 0.05f}, "seconds per simulation step");
    int& stepsPerFrame = params.add("steps_per_frame", 2, {1, 16}, "simulation steps per frame");
    std::string& integrator =
        params.choice("integrator", "verlet",
                      {kIntegrators[0], kIntegrators[1], kIntegrators[2], kIntegrators[3]},
                      "explicit Euler, semi-implicit Euler, velocity Verlet, Runge-Kutta 4");
    float& gravity = params.add("gravity", 9.81f, {0.0f, 50.0f}, "downward acceleration");
    float& drag = params.add("drag", 0.0f, {0.0f, 50.0f}, "linear air drag, per second");
    float& restitution = params.add("restitution", 0.6f, {0.0f, 1.0f}, "bounciness of collisions");
    float& sphereRadius = params.add("sphere_radius", 0.3f, {0.05f, 0.45f}, "sphere radius");
    float& sphereSpeed = params.add("sphere_speed", 1.0f, {0.0f, 10.0f}, "sphere swing, rad/s");
    float& lifetime =
        params.add("lifetime", 4.0f, {0.0f, 60.0f}, "seconds per particle; 0: forever");
    int& localSize = params.choice("local_size", 256, {64, 128, 256, 512, 1024}, "work-group size");

    cs::Buffer particles;
    cs::Program step, drawParticles, drawScene;
    cs::VertexArray particleLayout, sphereLayout, boxLayout;
    cs::Buffer sphereVertices, boxVertices;
    GLsizei sphereVertexCount = 0, boxVertexCount = 0;
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

        auto pass = gpuPass("step");
        step.use();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, particles.id());
        glUniform1ui(step.uniform("count"), GLuint(count));
        glUniform1f(step.uniform("dt"), dt);
        glUniform3f(step.uniform("gravity"), 0.0f, -gravity, 0.0f);
        glUniform1i(step.uniform("integrator"), integratorIndex());
        glUniform1f(step.uniform("drag"), drag);
        glUniform1f(step.uniform("restitution"), restitution);
        glUniform1f(step.uniform("sphereRadius"), sphereRadius);
        glUniform1f(step.uniform("lifetime"), lifetime);
        glUniform1ui(step.uniform("seed"), seed());
        const glm::uvec3 groups = step.groupsFor(GLuint(count));
        for (int i = 0; i < stepsPerFrame; ++i) {
            ++stepCount;
            const double t = double(stepCount) * dt;  // the sphere is where it is at the step's end
            glUniform3fv(step.uniform("sphereCenter"), 1, glm::value_ptr(sphereCenter(t)));
            glUniform3fv(step.uniform("sphereVelocity"), 1, glm::value_ptr(sphereVelocity(t)));
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
        const auto sphere = particles::sphereTriangles(24, 48);
        const auto box = particles::boxEdges();
        sphereVertexCount = GLsizei(sphere.size());
        boxVertexCount = GLsizei(box.size());
        sphereVertices =
            cs::Buffer("sphere vertices", GLsizeiptr(sphere.size() * sizeof(glm::vec3)),
                       cs::BufferUse::Input, sphere.data());
        boxVertices = cs::Buffer("box edges", GLsizeiptr(box.size() * sizeof(glm::vec3)),
                                 cs::BufferUse::Input, box.data());
        sphereLayout = positionsLayout("sphere", sphereVertices);
        boxLayout = positionsLayout("box", boxVertices);
    }

    void buildStepProgram() {
        step = cs::Program::compute("particles/step.comp",
                                    {{"LOCAL_SIZE", std::to_string(localSize)}});
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

    // --input: the state file (README.md: count x 32 bytes of Particle).
    void loadState(const std::string& path) {
        // At most what the step binds as one storage block: /dev/zero is refused there.
        const std::string bytes = cs::readFile(
            path, {std::size_t(cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE)),
                   "the most one storage block holds: GL_MAX_SHADER_STORAGE_BLOCK_SIZE"});
        if (bytes.empty())
            throw cs::Error(cs::printable(path) + ": empty state file, no particles");
        if (bytes.size() % sizeof(Particle) != 0)
            throw cs::Error(cs::printable(path) + ": " + std::to_string(bytes.size()) +
                            " bytes is not a whole number of 32-byte particles");
        std::vector<Particle> state(bytes.size() / sizeof(Particle));
        std::memcpy(state.data(), bytes.data(), bytes.size());
        // Position, age and velocity must be numbers; velocity.w is padding, never read.
        auto finite = [](const glm::vec4& v, int components) {
            for (int c = 0; c < components; ++c)
                if (!std::isfinite(v[c])) return false;
            return true;
        };
        for (size_t i = 0; i < state.size(); ++i)
            if (!finite(state[i].position, 4) || !finite(state[i].velocity, 3))
                throw cs::Error(cs::printable(path) + ": particle " + std::to_string(i) +
                                " has a value that is not a finite number");
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

    static cs::VertexArray positionsLayout(const std::string& name, const cs::Buffer& vertices) {
        cs::VertexArray layout(name);
        glBindVertexArray(layout.id());
        glBindVertexBuffer(0, vertices.id(), 0, sizeof(glm::vec3));
        glEnableVertexAttribArray(0);
        glVertexAttribFormat(0, 3, GL_FLOAT, GL_FALSE, 0);
        glVertexAttribBinding(0, 0);
        glBindVertexArray(0);
        return layout;
    }

    void render() override {
        // The home view fits the box's bounding sphere into the part of the window the overlay
        // leaves free, at whatever shape that part has: refitted when the shape changes, until
        // the user moves the camera (Home refits it).
        const cs::Rect area = freeArea();
        const float fit = cs::OrbitCamera::distanceToFit(kBoxRadius, area.width / area.height);
        if (fit != camera().pose().distance && !camera().userMoved())
            camera().setHome({glm::vec3(0.0f), fit, 7.0f, 17.0f});  // target, distance, yaw, pitch
        const glm::mat4 view = camera().view();
        const glm::mat4 projection = camera().projectionOn(area, width(), height());
        glEnable(GL_DEPTH_TEST);

        drawScene.use();
        glUniformMatrix4fv(drawScene.uniform("viewProjection"), 1, GL_FALSE,
                           glm::value_ptr(projection * view));
        glUniformMatrix4fv(drawScene.uniform("model"), 1, GL_FALSE, glm::value_ptr(glm::mat4(1)));
        glUniform1i(drawScene.uniform("lit"), 0);
        glUniform3f(drawScene.uniform("color"), 0.45f, 0.45f, 0.5f);
        glBindVertexArray(boxLayout.id());
        glDrawArrays(GL_LINES, 0, boxVertexCount);

        const glm::mat4 model = glm::scale(
            glm::translate(glm::mat4(1), sphereCenter(stepCount * dt)), glm::vec3(sphereRadius));
        glUniformMatrix4fv(drawScene.uniform("model"), 1, GL_FALSE, glm::value_ptr(model));
        glUniform1i(drawScene.uniform("lit"), 1);
        glUniform3f(drawScene.uniform("color"), 0.8f, 0.8f, 0.85f);
        glBindVertexArray(sphereLayout.id());
        glDrawArrays(GL_TRIANGLES, 0, sphereVertexCount);

        drawParticles.use();
        glUniformMatrix4fv(drawParticles.uniform("view"), 1, GL_FALSE, glm::value_ptr(view));
        glUniformMatrix4fv(drawParticles.uniform("projection"), 1, GL_FALSE,
                           glm::value_ptr(projection));
        glUniform1f(drawParticles.uniform("pointScale"), 0.012f * float(height()));
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
