// The one translation unit that compiles Boost.Asio (and its SSL part).
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
