// Symbol visibility for the public plugin API.
//
// Plugins are built with -fvisibility=hidden. Every public class that has virtual functions or
// that is thrown as an exception is marked COPYCAT_API so that its vtable and typeinfo keep
// default visibility: exceptions thrown inside a plugin can then be caught by type in the worker,
// and dynamic_cast works on objects that cross a shared-library boundary.
#pragma once

#define COPYCAT_API __attribute__((visibility("default")))
