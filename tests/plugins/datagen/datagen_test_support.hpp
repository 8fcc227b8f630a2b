// Helpers for the datagen tests: a started task over a fake context (the one of the file plugin's
// tests), polling a number of records with a deadline, and reading validation reports.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/config/config_value.hpp"
#include "copycat/data/struct_value.hpp"
#include "datagen/datagen_task.hpp"
#include "plugins/file/file_test_support.hpp"

namespace copycat::datagen::test {

using config = std::map<std::string, std::string>;
using copycat::file::test::fake_source_context;

/// A quickstart configuration that generates as fast as it can.
inline config quickstart_props(std::string_view name, std::string_view iterations = "-1") {
    return {{"kafka.topic", "datagen"},
            {"quickstart", std::string(name)},
            {"max.interval", "0"},
            {"iterations", std::string(iterations)}};
}

/// A task started on `props`, with `stored` as its committed offset; stopped on destruction.
struct started_task {
    fake_source_context context;
    datagen_task task;

    explicit started_task(config props, std::optional<source_map> stored = std::nullopt) {
        context.props = std::move(props);
        context.stored = std::move(stored);
        task.initialize(context);
        task.start(context.props);
    }
    ~started_task() { task.stop(); }
    started_task(const started_task&) = delete;
    started_task& operator=(const started_task&) = delete;

    /// Polls until `count` records arrived (or more, the rest of the last batch), or 10 s passed.
    std::vector<source_record> poll(std::size_t count) {
        std::vector<source_record> all;
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (all.size() < count && std::chrono::steady_clock::now() < until) {
            for (auto& r : task.poll()) all.push_back(std::move(r));
        }
        return all;
    }
};

/// The values of records as text, e.g. "Struct{userid=User_3,...}", to compare streams.
inline std::vector<std::string> texts(const std::vector<source_record>& records) {
    std::vector<std::string> out;
    for (const auto& r : records) out.push_back(r.val.to_string() + " key=" + r.key.to_string());
    return out;
}

/// The entry of `name` in a validation report.
inline const config_value& entry(const std::vector<config_value>& values, std::string_view name) {
    const auto it = std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.name == name; });
    REQUIRE(it != values.end());
    return *it;
}

/// A field of a generated STRUCT value.
inline const value& field_of(const source_record& r, std::string_view name) { return r.val.as_struct().get(name); }

}  // namespace copycat::datagen::test
