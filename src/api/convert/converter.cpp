#include "copycat/convert/converter.hpp"

#include "copycat/convert/header_converter.hpp"

namespace copycat {

namespace {

const config_def& no_keys() {
    static const config_def empty;
    return empty;
}

}  // namespace

converter::~converter() = default;

const config_def& converter::config() const { return no_keys(); }

void converter::close() {}

header_converter::~header_converter() = default;

const config_def& header_converter::config() const { return no_keys(); }

void header_converter::close() {}

}  // namespace copycat
