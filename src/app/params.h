#pragma once
// Sample parameters, declared once.
//
// A sample declares each tweakable value with one call, e.g.
//
//     int& boids = params.add("boids", 16384, {256, 1 << 20}, "number of boids");
//
// and that single declaration drives everything else: the ImGui widget (drawUi), the
// command line (`--set boids=65536`), the `--help` listing (helpText) and validation.
// The returned reference stays valid for the lifetime of the Params object, so the
// sample reads the current value through it every frame.
//
// When a value changes (from --set or from the overlay) the sample finds out with
//
//     if (params.changed(&boids)) rebuildBuffers();
//
// Errors in what the user typed throw cs::UsageError (exit code 2); mistakes in the
// declarations themselves (a duplicate name, a default outside its range) are bugs in
// the sample and throw std::logic_error.
#include <memory>
#include <string>
#include <vector>

namespace cs {

// Inclusive range of a numeric parameter.
template <typename T>
struct Range {
    T min, max;
};

class Params {
public:
    // A number in an inclusive range.
    int& add(const std::string& name, int def, Range<int> range, const std::string& help);
    float& add(const std::string& name, float def, Range<float> range, const std::string& help);
    // An on/off switch.
    bool& add(const std::string& name, bool def, const std::string& help);
    // One of a few allowed values, e.g. a work-group size 8|16|32 or a mode inclusive|exclusive.
    int& choice(const std::string& name, int def, std::vector<int> allowed,
                const std::string& help);
    std::string& choice(const std::string& name, std::string def, std::vector<std::string> allowed,
                        const std::string& help);

    // Parse `text`, validate it and store it. Throws UsageError naming the parameter.
    void set(const std::string& name, const std::string& text);
    // Apply each "name=value" in order (the --set flags). Throws UsageError on a malformed one.
    void setAll(const std::vector<std::string>& assignments);

    // One line per parameter: name, type, default, range or choices, help.
    std::string helpText() const;
    // Parameter names in declaration order, and the current value of one as text (as --set
    // would accept it). Together they let the bench write every parameter into its JSON.
    std::vector<std::string> names() const;
    std::string valueText(const std::string& name) const;

    // True once after the parameter whose storage is at `value` got a new value (by set() or
    // the overlay); the call clears the flag. Setting a parameter to the value it already has
    // does not count as a change.
    bool changed(const void* value);
    // Forgets every pending change: the framework calls it once the sample has built its
    // state from the starting values (which already include --set).
    void clearChanged();

    // ImGui widgets for every parameter, with the help text as tooltip. Returns true if any
    // value changed this frame. Defined in params_ui.cpp so that the rest needs no ImGui.
    bool drawUi();

private:
    enum class Kind { Int, Float, Bool, IntChoice, StringChoice };

    // One declared parameter. Only the fields that belong to `kind` are used; the value
    // lives here, so the reference handed to the sample points into this struct.
    struct Param {
        std::string name;
        Kind kind;
        std::string help;
        std::string defaultText;
        int intValue = 0;  // Int and IntChoice
        Range<int> intRange{0, 0};
        std::vector<int> intChoices;
        float floatValue = 0.0f;
        Range<float> floatRange{0.0f, 0.0f};
        bool boolValue = false;
        std::string stringValue;  // StringChoice
        std::vector<std::string> stringChoices;
        bool changed = false;
    };

    Param& declare(const std::string& name, Kind kind, const std::string& help);
    Param& find(const std::string& name);
    const Param& find(const std::string& name) const;
    static const void* storage(const Param& p);
    static std::string valueText(const Param& p);
    static std::string typeText(const Param& p);
    static std::string allowedText(const Param& p);

    // unique_ptr keeps every Param (and so every reference handed out) at a fixed address
    // while the vector grows.
    std::vector<std::unique_ptr<Param>> params_;
};

}  // namespace cs
