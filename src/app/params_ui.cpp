// The overlay widgets for Params. Kept apart from params.cpp so that the unit tests and
// anything else that only parses parameters do not need ImGui.
#include <imgui.h>

#include <string>
#include <vector>

#include "app/params.h"

namespace cs {

bool Params::drawUi() {
    bool any = false;
    for (auto& param : params_) {
        Param& p = *param;
        const char* label = p.name.c_str();
        bool changed = false;
        switch (p.kind) {
            case Kind::Int: {
                // AlwaysClamp: ctrl+click lets the user type a value, which must stay in range
                // just like one given with --set.
                ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
                // A range like [256, 1<<20] is unusable on a linear slider.
                if (p.intRange.min > 0 && p.intRange.max / p.intRange.min > 100) {
                    flags |= ImGuiSliderFlags_Logarithmic;
                }
                int v = p.intValue;
                ImGui::SliderInt(label, &v, p.intRange.min, p.intRange.max, "%d", flags);
                changed = v != p.intValue;
                p.intValue = v;
                break;
            }
            case Kind::Float: {
                ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
                if (p.floatRange.min > 0.0f && p.floatRange.max / p.floatRange.min > 100.0f) {
                    flags |= ImGuiSliderFlags_Logarithmic;
                }
                float v = p.floatValue;
                ImGui::SliderFloat(label, &v, p.floatRange.min, p.floatRange.max, "%.4g", flags);
                changed = v != p.floatValue;
                p.floatValue = v;
                break;
            }
            case Kind::Bool: {
                bool v = p.boolValue;
                ImGui::Checkbox(label, &v);
                changed = v != p.boolValue;
                p.boolValue = v;
                break;
            }
            case Kind::IntChoice:
            case Kind::StringChoice: {
                // Combo wants the items as C strings and the current one as an index.
                std::vector<std::string> texts;
                if (p.kind == Kind::IntChoice) {
                    for (int c : p.intChoices) texts.push_back(std::to_string(c));
                } else {
                    texts = p.stringChoices;
                }
                const std::string currentText = valueText(p);
                std::vector<const char*> items;
                int current = 0;
                for (size_t i = 0; i < texts.size(); ++i) {
                    items.push_back(texts[i].c_str());
                    if (texts[i] == currentText) current = static_cast<int>(i);
                }
                int picked = current;
                ImGui::Combo(label, &picked, items.data(), static_cast<int>(items.size()));
                changed = picked != current;
                if (changed && p.kind == Kind::IntChoice) p.intValue = p.intChoices[picked];
                if (changed && p.kind == Kind::StringChoice) p.stringValue = texts[picked];
                break;
            }
        }
        if (!p.help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.help.c_str());
        p.changed |= changed;
        any |= changed;
    }
    return any;
}

}  // namespace cs
