#include "jvm/binary_records.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>

#include "copycat/data/logical_types.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"

// The format is docs/jvm-bridge.md "The binary record format"; copycat.bridge.BinaryRecords
// writes and reads the same bytes.
namespace copycat::jvm {
namespace {

constexpr std::uint8_t format_version = 1;
constexpr std::uint8_t source_kind = 0;
constexpr std::uint8_t sink_kind = 1;

// Schema references: 0 no schema, 1 a definition follows, n >= 2 the (n - 2)th definition of the batch.
constexpr std::uint64_t no_schema = 0;
constexpr std::uint64_t new_schema = 1;

// Schema definition flags.
constexpr std::uint8_t optional_flag = 1;
constexpr std::uint8_t name_flag = 2;
constexpr std::uint8_t version_flag = 4;
constexpr std::uint8_t doc_flag = 8;
constexpr std::uint8_t parameters_flag = 16;
constexpr std::uint8_t default_flag = 32;

// A value without a schema starts with its value_kind as a tag byte.
std::uint8_t tag_of(value_kind kind) { return static_cast<std::uint8_t>(kind); }

std::uint64_t zigzag(std::int64_t n) {
    return (static_cast<std::uint64_t>(n) << 1) ^ static_cast<std::uint64_t>(n >> 63);
}
std::int64_t unzigzag(std::uint64_t n) { return static_cast<std::int64_t>(n >> 1) ^ -static_cast<std::int64_t>(n & 1); }

std::uint8_t timestamp_type_code(timestamp_type t) {
    switch (t) {
        case timestamp_type::create_time:
            return 1;
        case timestamp_type::log_append_time:
            return 2;
        default:
            return 0;
    }
}

timestamp_type timestamp_type_of(std::uint8_t code) {
    switch (code) {
        case 1:
            return timestamp_type::create_time;
        case 2:
            return timestamp_type::log_append_time;
        default:
            return timestamp_type::no_timestamp_type;
    }
}

class writer {
public:
    std::string out;

    void u8(std::uint8_t b) { out.push_back(static_cast<char>(b)); }
    void uvarint(std::uint64_t n) {
        while (n >= 0x80) {
            u8(static_cast<std::uint8_t>(n | 0x80));
            n >>= 7;
        }
        u8(static_cast<std::uint8_t>(n));
    }
    void svarint(std::int64_t n) { uvarint(zigzag(n)); }
    template <class T>
    void fixed(T number) {  // little-endian IEEE 754
        auto bits = std::bit_cast<std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>(number);
        for (std::size_t i = 0; i < sizeof(T); ++i, bits >>= 8) u8(static_cast<std::uint8_t>(bits));
    }
    void text(std::string_view s) {
        uvarint(s.size());
        out.append(s);
    }

    void schema_ref(const schema_ptr& s) {
        if (!s) return uvarint(no_schema);
        if (const auto it = ids_.find(s.get()); it != ids_.end()) return uvarint(it->second + 2);
        uvarint(new_schema);
        define(*s);
        ids_.emplace(s.get(), ids_.size());  // numbered when complete, as the reader does
    }

    void value_of(const schema_ptr& s, const value& v) {
        if (!s) return tagged(v);
        if (v.is_null()) return u8(0);
        u8(1);
        if (s->name() && is_logical(*s)) return body(*s, logical_to_primitive(*s, v));
        body(*s, v);
    }

    void source_map_of(const source_map& map) {
        u8(tag_of(value_kind::map));
        uvarint(map.size());
        for (const auto& [k, v] : map) {
            u8(tag_of(value_kind::string));
            text(k);
            tagged(v);
        }
    }

private:
    void define(const schema& s) {
        u8(static_cast<std::uint8_t>(s.type()));
        const std::uint8_t flags = (s.is_optional() ? optional_flag : 0) | (s.name() ? name_flag : 0) |
                                   (s.version() ? version_flag : 0) | (s.doc() ? doc_flag : 0) |
                                   (s.has_parameters() ? parameters_flag : 0) |
                                   (s.default_value().is_null() ? 0 : default_flag);
        u8(flags);
        if (s.name()) text(*s.name());
        if (s.version()) svarint(*s.version());
        if (s.doc()) text(*s.doc());
        if (s.has_parameters()) {
            uvarint(s.parameters().size());
            for (const auto& [k, v] : s.parameters()) {
                text(k);
                text(v);
            }
        }
        switch (s.type()) {
            case schema_type::array:
                schema_ref(s.value_schema());
                break;
            case schema_type::map:
                schema_ref(s.key_schema());
                schema_ref(s.value_schema());
                break;
            case schema_type::struct_:
                uvarint(s.fields().size());
                for (const field& f : s.fields()) {
                    text(f.name);
                    schema_ref(f.schema);
                }
                break;
            default:
                break;
        }
        if (!s.default_value().is_null()) {
            const value& d = s.default_value();
            body(s, s.name() && is_logical(s) ? logical_to_primitive(s, d) : d);
        }
    }

    void body(const schema& s, const value& v) {
        switch (s.type()) {
            case schema_type::int8:
                return u8(static_cast<std::uint8_t>(v.as_int8()));
            case schema_type::int16:
                return svarint(v.as_int16());
            case schema_type::int32:
                return svarint(v.as_int32());
            case schema_type::int64:
                return svarint(v.as_int64());
            case schema_type::float32:
                return fixed(v.as_float32());
            case schema_type::float64:
                return fixed(v.as_float64());
            case schema_type::boolean:
                return u8(v.as_bool() ? 1 : 0);
            case schema_type::string:
                return text(v.as_string());
            case schema_type::bytes: {
                const bytes& b = v.as_bytes();
                return text({reinterpret_cast<const char*>(b.data()), b.size()});
            }
            case schema_type::array:
                uvarint(v.as_array().size());
                for (const value& e : v.as_array()) value_of(s.value_schema(), e);
                return;
            case schema_type::map:
                uvarint(v.as_map().size());
                for (const auto& [k, e] : v.as_map()) {
                    value_of(s.key_schema(), k);
                    value_of(s.value_schema(), e);
                }
                return;
            case schema_type::struct_: {
                const struct_value& st = v.as_struct();
                for (const field& f : s.fields()) value_of(f.schema, st.get_without_default(f));
                return;
            }
        }
    }

    void tagged(const value& v) {
        u8(tag_of(v.kind()));
        switch (v.kind()) {
            case value_kind::null:
                return;
            case value_kind::boolean:
                return u8(v.as_bool() ? 1 : 0);
            case value_kind::int8:
                return u8(static_cast<std::uint8_t>(v.as_int8()));
            case value_kind::int16:
                return svarint(v.as_int16());
            case value_kind::int32:
                return svarint(v.as_int32());
            case value_kind::int64:
                return svarint(v.as_int64());
            case value_kind::float32:
                return fixed(v.as_float32());
            case value_kind::float64:
                return fixed(v.as_float64());
            case value_kind::string:
                return text(v.as_string());
            case value_kind::bytes: {
                const bytes& b = v.as_bytes();
                return text({reinterpret_cast<const char*>(b.data()), b.size()});
            }
            case value_kind::array:
                uvarint(v.as_array().size());
                for (const value& e : v.as_array()) tagged(e);
                return;
            case value_kind::map:
                uvarint(v.as_map().size());
                for (const auto& [k, e] : v.as_map()) {
                    tagged(k);
                    tagged(e);
                }
                return;
            case value_kind::struct_: {
                const schema_ptr& s = v.as_struct().schema();
                schema_ref(s);
                return value_of(s, v);
            }
            case value_kind::decimal: {
                const decimal& d = v.as_decimal();
                svarint(d.scale());
                return text({reinterpret_cast<const char*>(d.unscaled().data()), d.unscaled().size()});
            }
            case value_kind::date:
                return svarint(v.as_date().days);
            case value_kind::time:
                return svarint(v.as_time().millis);
            case value_kind::timestamp:
                return svarint(v.as_timestamp().millis);
        }
    }

    // By address: the records being written keep their schemas alive while the batch is written.
    std::unordered_map<const schema*, std::uint64_t> ids_;
};

void write_record(writer& w, const connect_record& r, bool reference_only) {
    const auto* source = dynamic_cast<const source_record*>(&r);
    const auto* sink = dynamic_cast<const sink_record*>(&r);
    w.u8(sink ? sink_kind : source_kind);
    w.text(r.topic);
    w.uvarint(r.kafka_partition ? static_cast<std::uint64_t>(*r.kafka_partition) + 1 : 0);
    if (reference_only || !r.timestamp) {
        w.u8(0);
    } else {
        w.u8(1);
        w.svarint(*r.timestamp);
    }
    if (reference_only) {
        w.uvarint(no_schema);
        w.u8(tag_of(value_kind::null));
        w.uvarint(no_schema);
        w.u8(tag_of(value_kind::null));
        w.uvarint(0);
    } else {
        w.schema_ref(r.key_schema);
        w.value_of(r.key_schema, r.key);
        w.schema_ref(r.value_schema);
        w.value_of(r.value_schema, r.val);
        w.uvarint(r.hdrs.size());
        for (const header& h : r.hdrs) {
            w.text(h.key);
            w.schema_ref(h.schema);
            w.value_of(h.schema, h.val);
        }
    }
    if (sink) {
        w.svarint(sink->kafka_offset);
        w.u8(timestamp_type_code(sink->ts_type));
        w.text(sink->original_topic);
        w.svarint(sink->original_kafka_partition);
        w.svarint(sink->original_kafka_offset);
    } else if (source) {
        w.source_map_of(source->source_partition);
        w.source_map_of(source->source_offset);
    } else {
        w.u8(tag_of(value_kind::null));
        w.u8(tag_of(value_kind::null));
    }
}

void start_batch(writer& w, std::size_t count) {
    w.u8(format_version);
    w.uvarint(count);
}

}  // namespace

class binary_records::reader {
public:
    reader(std::string_view in, binary_records& owner) : in_(in), owner_(owner) {}

    std::size_t start_batch() {
        if (u8() != format_version) throw data_error("A record batch from Java has an unknown format version");
        return size();
    }

    bool done() const { return pos_ == in_.size(); }

    void record(connect_record& r) {
        const std::uint8_t kind = u8();
        if (kind != source_kind && kind != sink_kind) throw error("a record of unknown kind");
        r.topic = text();
        const std::uint64_t partition = uvarint();
        r.kafka_partition =
            partition == 0 ? std::nullopt : std::optional<std::int32_t>(static_cast<std::int32_t>(partition - 1));
        r.timestamp = u8() != 0 ? std::optional<std::int64_t>(svarint()) : std::nullopt;
        r.key_schema = schema_ref();
        r.key = value_of(r.key_schema);
        r.value_schema = schema_ref();
        r.val = value_of(r.value_schema);
        headers hdrs;
        for (std::size_t n = size(); n > 0; --n) {
            std::string key = text();
            schema_ptr s = schema_ref();
            value v = value_of(s);
            hdrs.add(std::move(key), std::move(v), std::move(s));
        }
        r.hdrs = std::move(hdrs);
        if (kind == sink_kind) {
            sink_record read;
            read.kafka_offset = svarint();
            read.ts_type = timestamp_type_of(u8());
            read.original_topic = text();
            read.original_kafka_partition = static_cast<std::int32_t>(svarint());
            read.original_kafka_offset = svarint();
            if (auto* sink = dynamic_cast<sink_record*>(&r)) {
                sink->kafka_offset = read.kafka_offset;
                sink->ts_type = read.ts_type;
                sink->original_topic = std::move(read.original_topic);
                sink->original_kafka_partition = read.original_kafka_partition;
                sink->original_kafka_offset = read.original_kafka_offset;
            }
        } else {
            source_map partition_map = source_map_of(tagged(true));
            source_map offset_map = source_map_of(tagged(true));
            if (auto* source = dynamic_cast<source_record*>(&r)) {
                source->source_partition = std::move(partition_map);
                source->source_offset = std::move(offset_map);
            }
        }
    }

private:
    data_error error(std::string_view what) const {
        return data_error(fmt::format("A record batch from Java is malformed at byte {}: {}", pos_, what));
    }

    void need(std::size_t n) const {
        if (in_.size() - pos_ < n) throw error("it ends early");
    }

    std::uint8_t u8() {
        need(1);
        return static_cast<std::uint8_t>(in_[pos_++]);
    }

    std::uint64_t uvarint() {
        std::uint64_t n = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const std::uint8_t b = u8();
            n |= static_cast<std::uint64_t>(b & 0x7F) << shift;
            if ((b & 0x80) == 0) return n;
        }
        throw error("a variable-length integer is too long");
    }

    std::int64_t svarint() { return unzigzag(uvarint()); }

    // A count of things that each take at least one byte, so a corrupt count cannot ask for more.
    std::size_t size() {
        const std::uint64_t n = uvarint();
        if (n > in_.size() - pos_) throw error("a count exceeds the batch");
        return static_cast<std::size_t>(n);
    }

    template <class T>
    T fixed() {
        need(sizeof(T));
        std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t> bits = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i)
            bits |= static_cast<decltype(bits)>(static_cast<std::uint8_t>(in_[pos_ + i])) << (8 * i);
        pos_ += sizeof(T);
        return std::bit_cast<T>(bits);
    }

    std::string_view raw() {
        const std::uint64_t n = uvarint();
        need(n);
        const std::string_view out = in_.substr(pos_, n);
        pos_ += n;
        return out;
    }

    std::string text() { return std::string(raw()); }

    bytes blob() {
        const std::string_view b = raw();
        const auto* data = reinterpret_cast<const std::uint8_t*>(b.data());
        return bytes(data, data + b.size());
    }

    schema_ptr schema_ref() {
        const std::uint64_t ref = uvarint();
        if (ref == no_schema) return nullptr;
        if (ref == new_schema) {
            schema_ptr s = owner_.canonical(define());
            batch_schemas_.push_back(s);
            return s;
        }
        if (ref - 2 >= batch_schemas_.size()) throw error("a reference to a schema not defined yet");
        return batch_schemas_[ref - 2];
    }

    schema_ptr define() {
        const std::uint8_t type_code = u8();
        if (type_code > static_cast<std::uint8_t>(schema_type::struct_)) throw error("an unknown schema type");
        const auto type = static_cast<schema_type>(type_code);
        const std::uint8_t flags = u8();
        std::optional<std::string> name;
        if (flags & name_flag) name = text();
        std::optional<std::int32_t> version;
        if (flags & version_flag) version = static_cast<std::int32_t>(svarint());
        std::optional<std::string> doc;
        if (flags & doc_flag) doc = text();
        std::optional<schema_parameters> parameters;
        if (flags & parameters_flag) {
            parameters.emplace();
            for (std::size_t n = size(); n > 0; --n) {
                std::string k = text();
                parameters->put(std::move(k), text());
            }
        }
        schema_builder b = [&] {
            switch (type) {
                case schema_type::array:
                    return schema_builder::array(required_schema());
                case schema_type::map: {
                    schema_ptr key = required_schema();
                    return schema_builder::map(std::move(key), required_schema());
                }
                case schema_type::struct_: {
                    schema_builder st = schema_builder::struct_();
                    for (std::size_t n = size(); n > 0; --n) {
                        std::string field_name = text();
                        st.field(std::move(field_name), required_schema());
                    }
                    return st;
                }
                default:
                    return schema_builder(type);
            }
        }();
        if (flags & optional_flag) b.optional();
        if (name) b.name(std::move(*name));
        if (version) b.version(*version);
        if (doc) b.doc(std::move(*doc));
        if (parameters) b.replace_parameters(std::move(parameters));
        if (flags & default_flag) {
            const schema_ptr without_default = b.build();  // the default is read against the schema
            b.default_value(present(without_default));
        }
        return b.build();
    }

    schema_ptr required_schema() {
        schema_ptr s = schema_ref();
        if (!s) throw error("a field, element or map schema is missing");
        return s;
    }

    value value_of(const schema_ptr& s) {
        if (!s) return tagged(false);
        if (u8() == 0) return value();
        return present(s);
    }

    value present(const schema_ptr& s) {
        value v = body(s);
        if (s->name() && is_logical(*s)) return primitive_to_logical(*s, v);
        return v;
    }

    value body(const schema_ptr& sp) {
        const schema& s = *sp;
        switch (s.type()) {
            case schema_type::int8:
                return value(static_cast<std::int8_t>(u8()));
            case schema_type::int16:
                return value(static_cast<std::int16_t>(svarint()));
            case schema_type::int32:
                return value(static_cast<std::int32_t>(svarint()));
            case schema_type::int64:
                return value(svarint());
            case schema_type::float32:
                return value(fixed<float>());
            case schema_type::float64:
                return value(fixed<double>());
            case schema_type::boolean:
                return value(u8() != 0);
            case schema_type::string:
                return value(text());
            case schema_type::bytes:
                return value(blob());
            case schema_type::array: {
                value_array out(size());
                for (value& e : out) e = value_of(s.value_schema());
                return value(std::move(out));
            }
            case schema_type::map: {
                value_map out(size());
                for (auto& [k, e] : out) {
                    k = value_of(s.key_schema());
                    e = value_of(s.value_schema());
                }
                return value(std::move(out));
            }
            case schema_type::struct_: {
                struct_value st(sp);
                for (const field& f : s.fields()) {
                    value v = value_of(f.schema);
                    // An unset field stays unset: put(null) is refused for a required field with a default.
                    if (!v.is_null()) st.put(f, std::move(v));
                }
                return value(std::move(st));
            }
        }
        throw error("an unknown schema type");
    }

    // `widen`: integers as int64 and floats as float64, as source partitions and offsets read back
    // from Copycat's offset store are.
    value tagged(bool widen) {
        const std::uint8_t tag = u8();
        switch (static_cast<value_kind>(tag)) {
            case value_kind::null:
                return value();
            case value_kind::boolean:
                return value(u8() != 0);
            case value_kind::int8: {
                const auto n = static_cast<std::int8_t>(u8());
                return widen ? value(std::int64_t{n}) : value(n);
            }
            case value_kind::int16: {
                const auto n = static_cast<std::int16_t>(svarint());
                return widen ? value(std::int64_t{n}) : value(n);
            }
            case value_kind::int32: {
                const auto n = static_cast<std::int32_t>(svarint());
                return widen ? value(std::int64_t{n}) : value(n);
            }
            case value_kind::int64:
                return value(svarint());
            case value_kind::float32: {
                const float f = fixed<float>();
                return widen ? value(double{f}) : value(f);
            }
            case value_kind::float64:
                return value(fixed<double>());
            case value_kind::string:
                return value(text());
            case value_kind::bytes:
                return value(blob());
            case value_kind::array: {
                value_array out(size());
                for (value& e : out) e = tagged(widen);
                return value(std::move(out));
            }
            case value_kind::map: {
                value_map out(size());
                for (auto& [k, e] : out) {
                    k = tagged(widen);
                    e = tagged(widen);
                }
                return value(std::move(out));
            }
            case value_kind::struct_: {
                const schema_ptr s = schema_ref();
                if (!s || s->type() != schema_type::struct_) throw error("a struct without a struct schema");
                return value_of(s);
            }
            case value_kind::decimal: {
                const auto scale = static_cast<std::int32_t>(svarint());
                const bytes unscaled = blob();
                if (unscaled.empty()) throw error("a decimal without digits");
                return value(decimal(bytes_view(unscaled), scale));
            }
            case value_kind::date:
                return value(date(static_cast<std::int32_t>(svarint())));
            case value_kind::time:
                return value(time_of_day(static_cast<std::int32_t>(svarint())));
            case value_kind::timestamp:
                return value(timestamp(svarint()));
        }
        throw error(fmt::format("an unknown value tag {}", tag));
    }

    static source_map source_map_of(const value& v) {
        source_map out;
        if (!v.is_map()) return out;
        for (const auto& [k, entry] : v.as_map())
            if (k.is_string()) out.insert_or_assign(k.as_string(), entry);
        return out;
    }

    std::string_view in_;
    std::size_t pos_ = 0;
    binary_records& owner_;
    std::vector<schema_ptr> batch_schemas_;
};

schema_ptr binary_records::canonical(schema_ptr built) {
    constexpr std::size_t max_schemas = 1024;  // a bound for connectors whose schemas keep changing
    if (const auto it = schemas_.find(built); it != schemas_.end()) return *it;
    if (schemas_.size() >= max_schemas) schemas_.clear();
    schemas_.insert(built);
    return built;
}

std::string binary_records::encode(const std::vector<const connect_record*>& records) {
    writer w;
    start_batch(w, records.size());
    for (const connect_record* r : records) write_record(w, *r, false);
    return std::move(w.out);
}

std::string binary_records::encode_reference(const source_record& record) {
    writer w;
    start_batch(w, 1);
    write_record(w, record, true);
    return std::move(w.out);
}

std::vector<source_record> binary_records::decode_source_records(std::string_view batch) {
    reader in(batch, *this);
    std::vector<source_record> out(in.start_batch());
    for (source_record& r : out) in.record(r);
    if (!in.done()) throw data_error("A record batch from Java has bytes after its last record");
    return out;
}

void binary_records::decode_into(std::string_view batch, connect_record& record) {
    reader in(batch, *this);
    if (in.start_batch() != 1) throw data_error("A record from Java is not a batch of one record");
    in.record(record);
    if (!in.done()) throw data_error("A record batch from Java has bytes after its last record");
}

}  // namespace copycat::jvm
