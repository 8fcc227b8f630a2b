#include "common/metrics.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <limits>

#include "common/logging.hpp"

namespace copycat::metrics {
namespace {

bool valid_metric_name(std::string_view name) {
    if (name.empty()) return false;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        const bool ok = std::isalpha(c) || c == '_' || c == ':' || (i > 0 && std::isdigit(c));
        if (!ok) return false;
    }
    return true;
}

// Label names allow [a-zA-Z_][a-zA-Z0-9_]*; anything else becomes '_'.
std::string label_name(std::string_view name) {
    std::string out(name.empty() ? "_" : name);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto c = static_cast<unsigned char>(out[i]);
        if (!(std::isalpha(c) || c == '_' || (i > 0 && std::isdigit(c)))) out[i] = '_';
    }
    return out;
}

void append_escaped(std::string& out, std::string_view text, bool quote) {
    for (const char c : text) {
        if (c == '\\') {
            out += "\\\\";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '"' && quote) {
            out += "\\\"";
        } else {
            out += c;
        }
    }
}

std::string_view type_name(metric_type t) { return t == metric_type::counter ? "counter" : "gauge"; }

}  // namespace

std::string render_labels(labels l) {
    if (l.empty()) return {};
    for (auto& [name, value] : l) name = label_name(name);
    std::sort(l.begin(), l.end());
    std::string out = "{";
    for (std::size_t i = 0; i < l.size(); ++i) {
        if (i > 0) out += ',';
        out += l[i].first;
        out += "=\"";
        append_escaped(out, l[i].second, true);
        out += '"';
    }
    out += '}';
    return out;
}

std::string jmx_sanitize(std::string_view value) {
    const bool plain = std::all_of(value.begin(), value.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return std::isalnum(u) || c == '_' || c == '-' || c == '%' || c == '.' || c == ' ' || c == '\t';
    });
    if (plain) return std::string(value);
    std::string out = "\"";
    for (const char c : value) {
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        if (c == '\\' || c == '"' || c == '*' || c == '?') out += '\\';
        out += c;
    }
    out += '"';
    return out;
}

namespace {

// render_value() appended to `out`, without a string of its own (a scrape writes many).
void append_value(std::string& out, double v) {
    if (std::isnan(v)) {
        out += "NaN";
    } else if (std::isinf(v)) {
        out += v > 0 ? "+Inf" : "-Inf";
    } else if (v == std::trunc(v) && std::fabs(v) < 9.007199254740992e15) {
        fmt::format_to(std::back_inserter(out), "{}", static_cast<std::int64_t>(v));
    } else {
        fmt::format_to(std::back_inserter(out), "{}", v);
    }
}

}  // namespace

std::string render_value(double v) {
    std::string out;
    append_value(out, v);
    return out;
}

registry::family* registry::family_for(std::string_view name, std::string_view help, metric_type type) {
    if (!valid_metric_name(name)) {
        log::error("Metric name '{}' is not a valid Prometheus name; the metric is not exposed", name);
        return nullptr;
    }
    auto it = families_.find(name);
    if (it == families_.end()) {
        it = families_.emplace(std::string(name), family{std::string(help), type, {}}).first;
    } else if (it->second.type != type) {
        log::error("Metric {} was registered as a {} and now as a {}; the new series is not exposed", name,
                   type_name(it->second.type), type_name(type));
        return nullptr;
    }
    return &it->second;
}

std::shared_ptr<const series> registry::find_live(const family& f, const std::string& label_text) {
    std::shared_ptr<const series> newest;
    std::uint64_t newest_order = 0;
    for (const auto& e : f.entries) {
        if (e.label_text != label_text) continue;
        if (auto s = e.live.lock(); s && (!newest || e.order > newest_order)) {
            newest = std::move(s);
            newest_order = e.order;
        }
    }
    return newest;
}

void registry::prune(family& f) {
    std::erase_if(f.entries, [](const entry& e) { return e.live.expired(); });
}

std::shared_ptr<metrics::counter> registry::counter(std::string_view name, std::string_view help, labels l) {
    const std::string label_text = render_labels(std::move(l));
    std::lock_guard lock(mutex_);
    family* f = family_for(name, help, metric_type::counter);
    if (f == nullptr) return std::make_shared<metrics::counter>();
    prune(*f);
    if (auto existing = std::dynamic_pointer_cast<const metrics::counter>(find_live(*f, label_text)))
        return std::const_pointer_cast<metrics::counter>(existing);
    auto created = std::make_shared<metrics::counter>();
    f->entries.push_back({label_text, created, ++next_order_});
    return created;
}

std::shared_ptr<metrics::gauge> registry::gauge(std::string_view name, std::string_view help, labels l) {
    const std::string label_text = render_labels(std::move(l));
    std::lock_guard lock(mutex_);
    family* f = family_for(name, help, metric_type::gauge);
    if (f == nullptr) return std::make_shared<metrics::gauge>();
    prune(*f);
    if (auto existing = std::dynamic_pointer_cast<const metrics::gauge>(find_live(*f, label_text)))
        return std::const_pointer_cast<metrics::gauge>(existing);
    auto created = std::make_shared<metrics::gauge>();
    f->entries.push_back({label_text, created, ++next_order_});
    return created;
}

std::shared_ptr<observed> registry::observe(std::string_view name, std::string_view help, metric_type type, labels l,
                                            std::function<double()> read) {
    auto created = std::make_shared<observed>(std::move(read));
    const std::string label_text = render_labels(std::move(l));
    std::lock_guard lock(mutex_);
    family* f = family_for(name, help, type);
    if (f == nullptr) return created;
    prune(*f);
    f->entries.push_back({label_text, created, ++next_order_});
    return created;
}

void sample_writer::add(std::string_view name, std::string_view help, metric_type type, std::string label_text,
                        double value, std::string_view help_tail) {
    auto it = families_.find(name);
    if (it == families_.end()) {
        std::string joined(help);
        joined += help_tail;
        it = families_.emplace(std::string(name), family{std::move(joined), type, {}}).first;
    } else if (it->second.type != type) {
        return;
    }
    it->second.samples.emplace_back(std::move(label_text), value);
}

std::shared_ptr<metrics::collector> registry::collect(std::function<void(sample_writer&)> write) {
    auto created = std::make_shared<metrics::collector>(std::move(write));
    std::lock_guard lock(mutex_);
    std::erase_if(collectors_, [](const auto& c) { return c.expired(); });
    collectors_.push_back(created);
    return created;
}

sample_writer registry::collected() const {
    sample_writer out;
    std::erase_if(collectors_, [](const auto& c) { return c.expired(); });
    for (const auto& weak : collectors_) {
        if (auto c = weak.lock()) c->write(out);
    }
    return out;
}

namespace {

void append_family_header(std::string& out, std::string_view name, std::string_view help, metric_type type) {
    out += "# HELP ";
    out += name;
    out += ' ';
    append_escaped(out, help, false);
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += type_name(type);
    out += '\n';
}

void append_sample(std::string& out, std::string_view name, std::string_view label_text, double value) {
    out += name;
    out += label_text;
    out += ' ';
    append_value(out, value);
    out += '\n';
}

}  // namespace

std::string registry::expose() const {
    std::string out;
    std::lock_guard lock(mutex_);

    sample_writer extra = collected();
    auto next_extra = extra.families_.begin();
    // Collected families sorted before `name` that no series family has.
    auto flush_extra_before = [&](const std::string* name) {
        for (; next_extra != extra.families_.end() && (name == nullptr || next_extra->first < *name); ++next_extra) {
            auto& [extra_name, ef] = *next_extra;
            if (families_.contains(extra_name) || ef.samples.empty()) continue;
            std::sort(ef.samples.begin(), ef.samples.end());
            append_family_header(out, extra_name, ef.help, ef.type);
            const std::string* previous = nullptr;
            for (const auto& [label_text, value] : ef.samples) {
                if (previous != nullptr && *previous == label_text) continue;
                append_sample(out, extra_name, label_text, value);
                previous = &label_text;
            }
        }
    };
    for (const auto& [name, f] : families_) {
        flush_extra_before(&name);
        // Newest live series per label set, sorted by labels (the entries' own label strings).
        struct live_entry {
            const std::string* label_text;
            std::uint64_t order;
            std::shared_ptr<const series> s;
        };
        std::vector<live_entry> live;
        live.reserve(f.entries.size());
        for (const auto& e : f.entries) {
            if (auto s = e.live.lock()) live.push_back({&e.label_text, e.order, std::move(s)});
        }
        std::sort(live.begin(), live.end(), [](const live_entry& a, const live_entry& b) {
            return *a.label_text != *b.label_text ? *a.label_text < *b.label_text : a.order > b.order;
        });
        std::vector<std::pair<std::string_view, const series*>> samples;  // the newest of each label set
        samples.reserve(live.size());
        for (const auto& e : live) {
            if (samples.empty() || samples.back().first != *e.label_text) samples.emplace_back(*e.label_text, e.s.get());
        }
        auto has_series = [&](const std::string& label_text) {
            auto it = std::lower_bound(samples.begin(), samples.end(), label_text,
                                       [](const auto& sample, const std::string& l) { return sample.first < l; });
            return it != samples.end() && it->first == label_text;
        };
        std::map<std::string, double> collected_samples;
        if (auto ef = extra.families_.find(name); ef != extra.families_.end() && ef->second.type == f.type) {
            for (auto& [label_text, value] : ef->second.samples) {
                if (!has_series(label_text)) collected_samples.emplace(std::move(label_text), value);
            }
        }
        if (samples.empty() && collected_samples.empty()) continue;
        append_family_header(out, name, f.help, f.type);
        auto c = collected_samples.begin();
        for (const auto& [label_text, s] : samples) {
            for (; c != collected_samples.end() && c->first < label_text; ++c) append_sample(out, name, c->first, c->second);
            append_sample(out, name, label_text, s->value());
        }
        for (; c != collected_samples.end(); ++c) append_sample(out, name, c->first, c->second);
    }
    flush_extra_before(nullptr);
    return out;
}

void registry::set_window(window_config w) {
    std::lock_guard lock(mutex_);
    window_ = w;
}

window_config registry::window() const {
    std::lock_guard lock(mutex_);
    return window_;
}

double registry::value_of(std::string_view name, labels l) const {
    const std::string label_text = render_labels(std::move(l));
    std::lock_guard lock(mutex_);
    if (auto it = families_.find(name); it != families_.end()) {
        if (auto s = find_live(it->second, label_text)) return s->value();
    }
    const sample_writer extra = collected();
    if (auto it = extra.families_.find(name); it != extra.families_.end()) {
        for (const auto& [text, value] : it->second.samples) {
            if (text == label_text) return value;
        }
    }
    return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace copycat::metrics
