#include "copycat/data/headers.hpp"

#include <algorithm>
#include <iterator>
#include <set>

#include "copycat/data/logical_types.hpp"
#include "copycat/data/validate_value.hpp"

namespace copycat {

bool operator==(const header& a, const header& b) noexcept {
    return a.key == b.key && schemas_equal(a.schema, b.schema) && a.val == b.val;
}

headers& headers::add(header h) {
    if (h.schema) {
        validate_value(h.key, *h.schema, h.val);
    }
    list_.push_back(std::move(h));
    return *this;
}

headers& headers::add(std::string key, value val, schema_ptr schema) {
    return add(header{std::move(key), std::move(schema), std::move(val)});
}

headers& headers::add(std::string key, schema_and_value sv) {
    return add(header{std::move(key), std::move(sv.schema), std::move(sv.val)});
}

headers& headers::add_string(std::string key, std::string v) {
    return add(std::move(key), std::move(v), schema::string());
}
headers& headers::add_bool(std::string key, bool v) { return add(std::move(key), v, schema::boolean()); }
headers& headers::add_int8(std::string key, std::int8_t v) { return add(std::move(key), v, schema::int8()); }
headers& headers::add_int16(std::string key, std::int16_t v) { return add(std::move(key), v, schema::int16()); }
headers& headers::add_int32(std::string key, std::int32_t v) { return add(std::move(key), v, schema::int32()); }
headers& headers::add_int64(std::string key, std::int64_t v) { return add(std::move(key), v, schema::int64()); }
headers& headers::add_float32(std::string key, float v) { return add(std::move(key), v, schema::float32()); }
headers& headers::add_float64(std::string key, double v) { return add(std::move(key), v, schema::float64()); }
headers& headers::add_bytes(std::string key, bytes v) { return add(std::move(key), std::move(v), schema::bytes()); }

headers& headers::add_decimal(std::string key, decimal v) {
    const std::int32_t scale = v.scale();
    return add(std::move(key), std::move(v), decimal_schema(scale));
}

headers& headers::add_date(std::string key, date v) { return add(std::move(key), v, date_schema()); }
headers& headers::add_time(std::string key, time_of_day v) { return add(std::move(key), v, time_schema()); }
headers& headers::add_timestamp(std::string key, timestamp v) { return add(std::move(key), v, timestamp_schema()); }

const header* headers::last_with_name(std::string_view key) const noexcept {
    for (auto it = list_.rbegin(); it != list_.rend(); ++it) {
        if (it->key == key) {
            return &*it;
        }
    }
    return nullptr;
}

std::vector<const header*> headers::all_with_name(std::string_view key) const {
    std::vector<const header*> out;
    for (const auto& h : list_) {
        if (h.key == key) {
            out.push_back(&h);
        }
    }
    return out;
}

headers& headers::remove(std::string_view key) {
    std::erase_if(list_, [key](const header& h) { return h.key == key; });
    return *this;
}

headers& headers::retain_latest(std::string_view key) {
    const header* last = last_with_name(key);
    if (last == nullptr) {
        return *this;
    }
    const auto keep = static_cast<std::size_t>(last - list_.data());
    std::size_t i = 0;
    std::erase_if(list_, [&](const header& h) { return i++ != keep && h.key == key; });
    return *this;
}

headers& headers::retain_latest() {
    // Walk backwards so the first occurrence seen of each key is its last one.
    std::set<std::string_view> seen;
    std::vector<bool> keep(list_.size(), false);
    for (std::size_t i = list_.size(); i-- > 0;) {
        keep[i] = seen.insert(list_[i].key).second;
    }
    std::vector<header> kept;
    kept.reserve(seen.size());
    for (std::size_t i = 0; i < list_.size(); ++i) {
        if (keep[i]) {
            kept.push_back(std::move(list_[i]));
        }
    }
    list_ = std::move(kept);
    return *this;
}

headers& headers::clear() noexcept {
    list_.clear();
    return *this;
}

}  // namespace copycat
