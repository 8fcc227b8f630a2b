#include "copycat/transform/transformation.hpp"

#include "copycat/transform/predicate.hpp"

namespace copycat {

transformation::~transformation() = default;

void transformation::close() {}

predicate::~predicate() = default;

void predicate::close() {}

}  // namespace copycat
