// Small plugins used by the plugin API tests, both inside the test executable and in the
// test plugin library.
#pragma once

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "copycat/copycat.hpp"

namespace fake {

using props = std::map<std::string, std::string>;

class source_task final : public copycat::source_task {
public:
    std::string version() const override { return "1.2.3"; }
    void start(const props& p) override {
        topic_ = p.at("topic");
        fail_ = p.contains("fail");
        if (auto offset = context().offset_storage_reader().offset({{"file", copycat::value("f")}})) {
            next_ = offset->at("position").to_int64();
        }
    }
    std::vector<copycat::source_record> poll() override {
        if (fail_) throw copycat::retriable_error("source not ready");
        std::vector<copycat::source_record> out;
        out.emplace_back(copycat::source_map{{"file", copycat::value("f")}},
                         copycat::source_map{{"position", copycat::value(next_ + 1)}}, topic_, std::nullopt, nullptr,
                         copycat::value("line " + std::to_string(next_)));
        ++next_;
        return out;
    }
    void stop() override {}

private:
    std::string topic_;
    bool fail_ = false;
    std::int64_t next_ = 0;
};

class source_connector final : public copycat::source_connector {
public:
    std::string version() const override { return "1.2.3"; }
    void start(const props& p) override {
        copycat::abstract_config parsed(config(), p);  // throws config_error on a bad configuration
        props_ = p;
    }
    std::vector<props> task_configs(int max_tasks) override { return std::vector<props>(max_tasks, props_); }
    void stop() override { props_.clear(); }
    const copycat::config_def& config() const override {
        static const copycat::config_def def = [] {
            copycat::config_def d;
            d.define("topic", copycat::config_type::string, copycat::no_default, copycat::non_empty_string::instance(),
                     copycat::importance::high, "The topic");
            return d;
        }();
        return def;
    }
    std::unique_ptr<copycat::source_task> create_task() const override { return std::make_unique<source_task>(); }

    props props_;
};

class sink_task final : public copycat::sink_task {
public:
    std::string version() const override { return "1.2.3"; }
    void start(const props&) override {}
    void put(std::vector<copycat::sink_record>& records) override {
        for (auto& r : records) written.push_back(std::move(r));
    }
    void flush(const copycat::topic_partition_offsets& offsets) override { flushed.push_back(offsets); }
    void stop() override {}

    std::vector<copycat::sink_record> written;
    std::vector<copycat::topic_partition_offsets> flushed;
};

class sink_connector final : public copycat::sink_connector {
public:
    std::string version() const override { return "1.2.3"; }
    void start(const props&) override {}
    std::vector<props> task_configs(int) override { return {{}}; }
    void stop() override {}
    const copycat::config_def& config() const override {
        static const copycat::config_def def;
        return def;
    }
    std::unique_ptr<copycat::sink_task> create_task() const override { return std::make_unique<sink_task>(); }
};

/// Strings as UTF-8 bytes, schemaless.
class string_converter final : public copycat::converter {
public:
    void configure(const props&, bool is_key) override { is_key_ = is_key; }
    std::optional<copycat::bytes> from_connect_data(std::string_view, copycat::headers& hdrs,
                                                    const copycat::schema_ptr&, const copycat::value& v) override {
        if (v.is_null()) return std::nullopt;
        hdrs.add_string("converted-by", is_key_ ? "key" : "value");
        const auto& s = v.as_string();
        return copycat::bytes(s.begin(), s.end());
    }
    copycat::schema_and_value to_connect_data(std::string_view, const copycat::headers&,
                                              std::optional<copycat::bytes_view> data) override {
        if (!data) return {};
        return {nullptr, copycat::value(std::string(data->begin(), data->end()))};
    }

private:
    bool is_key_ = false;
};

class string_header_converter final : public copycat::header_converter {
public:
    void configure(const props&) override {}
    copycat::schema_and_value to_connect_header(std::string_view, std::string_view,
                                                std::optional<copycat::bytes_view> data) override {
        if (!data) return {};
        return {nullptr, copycat::value(std::string(data->begin(), data->end()))};
    }
    std::optional<copycat::bytes> from_connect_header(std::string_view, std::string_view, const copycat::schema_ptr&,
                                                      const copycat::value& v) override {
        if (v.is_null()) return std::nullopt;
        const auto& s = v.as_string();
        return copycat::bytes(s.begin(), s.end());
    }
};

/// Drops records of the topic named by "drop.topic"; upper-cases the topic of the others.
class route_transformation final : public copycat::transformation {
public:
    void configure(const props& p) override {
        copycat::abstract_config config(definition(), p);
        drop_topic_ = config.get_string("drop.topic");
    }
    const copycat::config_def& config() const override { return definition(); }
    bool apply(copycat::connect_record& record) override {
        if (record.topic == drop_topic_) return false;
        std::transform(record.topic.begin(), record.topic.end(), record.topic.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        return true;
    }

private:
    static const copycat::config_def& definition() {
        static const copycat::config_def def = [] {
            copycat::config_def d;
            d.define("drop.topic", copycat::config_type::string, "", copycat::importance::medium, "Topic to drop");
            return d;
        }();
        return def;
    }

    std::string drop_topic_;
};

/// Matches records whose topic starts with "prefix".
class topic_prefix_predicate final : public copycat::predicate {
public:
    void configure(const props& p) override { prefix_ = p.contains("prefix") ? p.at("prefix") : ""; }
    const copycat::config_def& config() const override {
        static const copycat::config_def def;
        return def;
    }
    bool test(const copycat::connect_record& record) override { return record.topic.starts_with(prefix_); }

private:
    std::string prefix_;
};

}  // namespace fake
