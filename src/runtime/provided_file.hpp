#pragma once
// provided_file: how the file and directory config providers read a file a placeholder names.
// Placeholders come from connector configs, which any REST caller may submit, so only regular
// files are read (not a FIFO, which would block the reader, nor /dev/zero) and at most
// max_provided_file_bytes of them (docs/security.md#config-providers). Kafka reads any file whole.

#include <cstddef>
#include <filesystem>
#include <string>

#include "common/result.hpp"

namespace copycat::runtime {

inline constexpr std::size_t max_provided_file_bytes = 1024 * 1024;

// The file's bytes; io_error "<path> is not a regular file", "<path> is larger than 1048576
// bytes" or "cannot read <path>".
result<std::string> read_provided_file(const std::filesystem::path& path);

}  // namespace copycat::runtime
