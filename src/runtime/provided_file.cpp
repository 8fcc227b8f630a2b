#include "runtime/provided_file.hpp"

#include <fstream>
#include <system_error>

namespace copycat::runtime {

result<std::string> read_provided_file(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))  // follows symbolic links, as Java's Files.isRegularFile
        return make_error(errc::io_error, path.string() + " is not a regular file");
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(errc::io_error, "cannot read " + path.string());
    std::string text(max_provided_file_bytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (in.bad()) return make_error(errc::io_error, "cannot read " + path.string());
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_provided_file_bytes)
        return make_error(errc::io_error,
                          path.string() + " is larger than " + std::to_string(max_provided_file_bytes) + " bytes");
    return text;
}

}  // namespace copycat::runtime
