#!/usr/bin/env python3
"""The virtual function tables of the public plugin API, as the compiler lays them out.

A plugin calls the worker's objects, and the worker the plugin's, through the slots of their
virtual function tables: a virtual function inserted, removed, reordered or given another
signature in include/copycat moves or changes slots, and a plugin built against the old headers
then calls the wrong functions. COPYCAT_ABI_VERSION (include/copycat/plugin.hpp) must then be
raised, so that the worker refuses such plugins.

This script compiles one translation unit that includes every public header with g++ and debug
information for every class (-femit-class-debug-always), reads the DWARF with readelf (each
virtual function's slot is DW_AT_vtable_elem_location, its signature its mangled name), and lists,
per polymorphic class of namespace copycat, its size and every slot of its table, inherited ones
included. vtable_layout.txt beside it holds that list for the current ABI version.

    vtable_layout.py --check   compare with vtable_layout.txt (the unit test api_abi_vtable_layout)
    vtable_layout.py --write   regenerate vtable_layout.txt; refused while the layout changed and
                               COPYCAT_ABI_VERSION did not

Exit status: 0 when they agree (or the file was written), 1 when they differ, 2 on an error.
"""

import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
REGENERATE = "tests/api/abi/vtable_layout.py --write"


class Failure(Exception):
    pass


def run(command, stdin=None):
    done = subprocess.run(command, input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        raise Failure(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def public_headers(include_dir):
    headers = []
    for folder, _, files in os.walk(os.path.join(include_dir, "copycat")):
        for name in files:
            if name.endswith(".hpp"):
                headers.append(os.path.relpath(os.path.join(folder, name), include_dir))
    if not headers:
        raise Failure(f"no public headers under {include_dir}/copycat")
    return sorted(headers)


def compile_headers(cxx, include_dir, work):
    source = os.path.join(work, "all_headers.cpp")
    with open(source, "w") as out:
        for header in public_headers(include_dir):
            out.write(f'#include "{header}"\n')
    obj = os.path.join(work, "all_headers.o")
    flags = ["-std=c++20", "-I", include_dir]
    dump = os.path.join(work, "classes.txt")
    run([cxx, *flags, "-O0", "-g", "-gdwarf-4", "-femit-class-debug-always", "-fno-eliminate-unused-debug-types",
         f"-fdump-lang-class={dump}", "-c", source, "-o", obj])
    defines = run([cxx, *flags, "-E", "-dM", source])
    version = re.search(r"^#define COPYCAT_ABI_VERSION (\d+)\s*$", defines, re.M)
    if version is None:
        raise Failure("the public headers define no COPYCAT_ABI_VERSION")
    with open(dump) as f:
        tables = read_class_dump(f.read())
    return obj, tables, int(version.group(1))


def read_class_dump(text):
    """-fdump-lang-class's tables: class -> the functions of its slots after offset-to-top and RTTI
    ("copycat::sink_task::flush", or "" for a pure virtual or an abstract class's destructor)."""
    tables = {}
    for match in re.finditer(r"^Vtable for (\S+)\n\S+: (\d+) entries\n((?:\d+\s+.*\n)*)", text, re.M):
        entries = [line.split(None, 1)[1] for line in match.group(3).splitlines()]
        if len(entries) != int(match.group(2)):
            raise Failure(f"cannot read the table of {match.group(1)} in the class dump")
        names = []
        for entry in entries[2:]:
            fn = entry.removeprefix("(int (*)(...))")
            names.append("" if fn in ("0", "__cxa_pure_virtual") else fn)
        tables[match.group(1)] = names
    return tables


def cross_check(name, table, dumped):
    """The slots read from the debug information agree with the compiler's own table dump."""
    if dumped is None:
        raise Failure(f"g++'s class dump has no table for {name}")
    if len(dumped) != len(table):
        raise Failure(f"{name}: the debug information gives {len(table)} slots, g++'s class dump {len(dumped)}")
    for slot, fn in enumerate(dumped):
        expected = table[slot][3]
        if fn and fn.rsplit("::", 1)[-1] != expected and not (expected == "~" and "::~" in fn):
            raise Failure(f"{name}: slot {slot} is {fn} in g++'s class dump but {expected} in the debug information")


# --- DWARF, as readelf prints it --------------------------------------------------------------

DIE = re.compile(r"^\s*<(\d+)><([0-9a-f]+)>: Abbrev Number: (\d+)(?: \((DW_TAG_\w+)\))?")
ATTR = re.compile(r"^\s*<[0-9a-f]+>\s+(DW_AT_\w+)\s*:\s?(.*)$")
# A value, without the form readelf may print first ("(strp)", "(data1)") and without the offset
# of an indirect string ("(indirect string, offset: 0x1f2): poll", "(offset: 0x1f2): poll").
VALUE = re.compile(r"^(?:\([a-z_0-9]+\)\s+)?(?:\((?:indirect [a-z ]*string, |indexed string: 0x[0-9a-f]+, )?offset: "
                   r"0x[0-9a-f]+\):\s)?(.*)$")


class Die:
    __slots__ = ("offset", "tag", "attrs", "children", "parent")

    def __init__(self, offset, tag, parent):
        self.offset, self.tag, self.attrs, self.children, self.parent = offset, tag, {}, [], parent

    def name(self):
        return self.attrs.get("DW_AT_name")

    def ref(self, attr):
        value = self.attrs.get(attr)
        match = re.match(r"^<0x([0-9a-f]+)>$", value) if value else None
        return int(match.group(1), 16) if match else None


def read_dies(readelf, obj):
    text = run([readelf, "--debug-dump=info", obj])
    by_offset, stack, current = {}, [], None
    for line in text.splitlines():
        die = DIE.match(line)
        if die:
            depth, offset, abbrev, tag = int(die.group(1)), int(die.group(2), 16), die.group(3), die.group(4)
            del stack[depth:]
            current = None
            if abbrev == "0":
                continue
            parent = stack[-1] if stack else None
            current = Die(offset, tag, parent)
            if parent is not None:
                parent.children.append(current)
            by_offset[offset] = current
            stack.append(current)
            continue
        attr = ATTR.match(line)
        if attr and current is not None:
            current.attrs[attr.group(1)] = VALUE.match(attr.group(2).strip()).group(1).strip()
    return by_offset


SCOPES = {"DW_TAG_namespace", "DW_TAG_class_type", "DW_TAG_structure_type", "DW_TAG_union_type"}
CLASSES = {"DW_TAG_class_type", "DW_TAG_structure_type"}


def qualified(die):
    parts, node = [], die
    while node is not None and node.tag != "DW_TAG_compile_unit":
        if node.tag in SCOPES or node is die:
            parts.append(node.name() or "(anonymous)")
        node = node.parent
    return "::".join(reversed(parts))


def type_name(dies, offset):
    if offset is None:
        return "void"
    die = dies[offset]
    inner = die.ref("DW_AT_type")
    if die.tag == "DW_TAG_pointer_type":
        return type_name(dies, inner) + "*"
    if die.tag == "DW_TAG_reference_type":
        return type_name(dies, inner) + "&"
    if die.tag == "DW_TAG_rvalue_reference_type":
        return type_name(dies, inner) + "&&"
    if die.tag == "DW_TAG_const_type":
        return type_name(dies, inner) + " const"
    if die.tag == "DW_TAG_volatile_type":
        return type_name(dies, inner) + " volatile"
    if die.tag in ("DW_TAG_base_type", "DW_TAG_unspecified_type"):
        return die.name()
    return qualified(die)


SHORT = [
    ("std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >", "std::string"),
    ("std::basic_string_view<char, std::char_traits<char> >", "std::string_view"),
    ("std::__cxx11::", "std::"),
]


def shorten(text):
    for long, short in SHORT:
        text = text.replace(long, short)
    return text


def is_definition(die):
    return die.tag in CLASSES and "DW_AT_declaration" not in die.attrs and die.name() is not None


def in_copycat(die):
    node = die.parent
    while node is not None and node.tag != "DW_TAG_compile_unit":
        if node.tag == "DW_TAG_namespace" and node.parent is not None and node.parent.tag == "DW_TAG_compile_unit":
            return node.name() == "copycat"
        node = node.parent
    return False


class Layouts:
    """The slots of every class's table: slot index -> (what, key, signature)."""

    def __init__(self, dies):
        self.dies = dies
        self.definitions = {}
        for die in dies.values():
            if is_definition(die):
                self.definitions.setdefault(qualified(die), die)
        self.cache = {}
        self.mangled = {}

    def definition(self, offset):
        die = self.dies[offset]
        if is_definition(die):
            return die
        found = self.definitions.get(qualified(die))
        if found is None:
            raise Failure(f"no definition of {qualified(die)} in the debug information")
        return found

    def polymorphic_bases(self, cls):
        bases = []
        for child in cls.children:
            if child.tag != "DW_TAG_inheritance":
                continue
            base = self.definition(child.ref("DW_AT_type"))
            if "DW_AT_virtuality" in child.attrs:
                raise Failure(f"{qualified(cls)} has the virtual base {qualified(base)}: this check cannot lay "
                              "out virtual bases; extend tests/api/abi/vtable_layout.py")
            if self.slots(base):
                bases.append((base, child.attrs.get("DW_AT_data_member_location", "0")))
        return bases

    def slots(self, cls):
        key = cls.offset
        if key in self.cache:
            return self.cache[key]
        self.cache[key] = {}
        table = {}
        bases = self.polymorphic_bases(cls)
        if len(bases) > 1:
            raise Failure(f"{qualified(cls)} has more than one polymorphic base ("
                          f"{', '.join(qualified(b) for b, _ in bases)}): this check lays out only the primary "
                          "table; extend tests/api/abi/vtable_layout.py")
        if bases:
            base, where = bases[0]
            if where != "0":
                raise Failure(f"{qualified(cls)}'s polymorphic base {qualified(base)} is not at offset 0")
            table = dict(self.slots(base))
        new_destructor = None
        for child in cls.children:
            if child.tag != "DW_TAG_subprogram" or "DW_AT_virtuality" not in child.attrs:
                continue
            name = child.name() or ""
            destructor = name.startswith("~")
            location = child.attrs.get("DW_AT_vtable_elem_location")
            if location is not None:
                match = re.search(r"DW_OP_constu: (\d+)", location)
                if match is None:
                    raise Failure(f"cannot read the slot of {qualified(cls)}::{name}: {location}")
                slot = int(match.group(1))
            elif destructor:
                # g++ gives destructors no DW_AT_vtable_elem_location: an overriding one takes the
                # inherited slots, a new one the two slots its declaration order left free.
                slot = next((s for s, entry in table.items() if entry[0] == "destructor"), None)
                if slot is None:
                    new_destructor = child
                    continue
            else:
                raise Failure(f"{qualified(cls)}::{name} is virtual but the debug information gives no slot")
            if destructor:
                # Itanium C++ ABI: the complete object destructor, then the deleting destructor.
                table[slot] = ("destructor", None, "~destructor() [complete object]", "~")
                table[slot + 1] = ("deleting", None, "~destructor() [deleting]", "~")
            else:
                mangled = child.attrs.get("DW_AT_linkage_name") or child.attrs.get("DW_AT_MIPS_linkage_name")
                if not mangled:
                    raise Failure(f"{qualified(cls)}::{name} has no linkage name")
                returns = type_name(self.dies, child.ref("DW_AT_type"))
                self.mangled[mangled] = None
                table[slot] = ("function", mangled, returns, name)
        if new_destructor is not None:
            end = max(table) + 1 if table else 0
            free = [s for s in range(end) if s not in table]
            if free and (len(free) != 2 or free[1] != free[0] + 1):
                raise Failure(f"cannot place the destructor of {qualified(cls)}: free slots {free}")
            slot = free[0] if free else end
            table[slot] = ("destructor", None, "~destructor() [complete object]", "~")
            table[slot + 1] = ("deleting", None, "~destructor() [deleting]", "~")
        self.cache[key] = table
        return table

    def demangle_all(self):
        names = list(self.mangled)
        out = run(["c++filt"], stdin="\n".join(names) + "\n").splitlines()
        if len(out) != len(names):
            raise Failure("c++filt did not answer one line per name")
        self.mangled = dict(zip(names, out))

    def describe(self, cls):
        table = self.slots(cls)
        lines = []
        for slot in range(max(table) + 1):
            if slot not in table:
                raise Failure(f"slot {slot} of {qualified(cls)} is not accounted for")
            what, mangled, text, _ = table[slot]
            if what == "function":
                demangled = self.mangled[mangled]
                # "copycat::source_task::poll()" -> "poll()": the slot is the same in the class and
                # its subclasses whoever overrides it.
                paren = demangled.index("(")
                head = demangled[:paren]
                depth, cut = 0, 0
                for i, ch in enumerate(head):
                    depth += ch == "<"
                    depth -= ch == ">"
                    if depth == 0 and head.startswith("::", i):
                        cut = i + 2
                text = f"{text} {demangled[cut:]}"
            lines.append(f"  {slot:2d} {shorten(text)}")
        bases = self.polymorphic_bases(cls)
        header = f"class {qualified(cls)}"
        if bases:
            header += f" : {qualified(bases[0][0])}"
        header += f", size {cls.attrs.get('DW_AT_byte_size', '?')}"
        return header, lines


def current_layout(cxx, readelf, include_dir):
    with tempfile.TemporaryDirectory(prefix="copycat-abi-") as work:
        obj, tables, version = compile_headers(cxx, include_dir, work)
        dies = read_dies(readelf, obj)
    layouts = Layouts(dies)
    public = sorted((name, die) for name, die in layouts.definitions.items() if in_copycat(die))
    polymorphic = [(name, die) for name, die in public if layouts.slots(die)]
    if not polymorphic:
        raise Failure("no polymorphic class found in the public headers: the debug information was not read")
    layouts.demangle_all()
    classes = {}
    for name, die in polymorphic:
        cross_check(name, layouts.slots(die), tables.get(name))
        header, lines = layouts.describe(die)
        classes[name] = (header, lines)
    return version, classes


# --- vtable_layout.txt ------------------------------------------------------------------------

PREAMBLE = """\
# The virtual function tables of the public plugin API (include/copycat), per polymorphic class:
# its size, then every slot of its table in order (inherited ones included), as g++ lays them out
# (Itanium C++ ABI), and the COPYCAT_ABI_VERSION since which the class has had that layout.
# Written by {regenerate}, checked by the unit test api_abi_vtable_layout: do not edit.
"""


def parse_file(path):
    version, classes, current = None, {}, None
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("abi_version "):
                version = int(line.split()[1])
            elif line.startswith("class "):
                match = re.match(r"^(class (\S+) .*?)\s+# since (\d+)$", line) or re.match(r"^(class (\S+)\b.*)$", line)
                header, name = match.group(1), match.group(2)
                since = int(match.group(3)) if match.lastindex >= 3 else None
                name = name.rstrip(",")
                current = [header, [], since]
                classes[name] = current
            elif current is not None:
                current[1].append(line)
    if version is None:
        raise Failure(f"{path} has no abi_version line")
    return version, {name: (h, lines, since) for name, (h, lines, since) in classes.items()}


def render(version, classes, since):
    out = [PREAMBLE.format(regenerate=REGENERATE), f"abi_version {version}", ""]
    for name in sorted(classes):
        header, lines = classes[name]
        out.append(f"{header}  # since {since[name]}")
        out.extend(lines)
        out.append("")
    return "\n".join(out)


def block(header, lines):
    return [header, *lines]


def changes(recorded, current):
    """The classes whose layout differs, as a unified diff per class."""
    out = []
    for name in sorted(set(recorded) | set(current)):
        old = block(*recorded[name][:2]) if name in recorded else []
        new = block(*current[name]) if name in current else []
        if old != new:
            out.append("\n".join(difflib.unified_diff(old, new, f"recorded {name}", f"headers {name}", lineterm="")))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="compare the headers with the layout file")
    mode.add_argument("--write", action="store_true", help="regenerate the layout file")
    parser.add_argument("--cxx", default=os.environ.get("CXX", "g++"), help="g++ to compile with (default: $CXX or g++)")
    parser.add_argument("--readelf", default="readelf")
    parser.add_argument("--include", default=os.path.join(ROOT, "include"), help="the public include directory")
    parser.add_argument("--layout", default=os.path.join(HERE, "vtable_layout.txt"), help="the layout file")
    args = parser.parse_args()
    try:
        version, classes = current_layout(args.cxx, args.readelf, args.include)
        recorded_version, recorded = parse_file(args.layout) if os.path.exists(args.layout) else (None, None)
        changed = changes(recorded, classes) if recorded is not None else None
        if args.check:
            if recorded is None:
                raise Failure(f"{args.layout} does not exist: create it with {REGENERATE}")
            if changed and version == recorded_version:
                print(f"The virtual function tables of the public headers changed, and COPYCAT_ABI_VERSION is still "
                      f"{version}: a plugin built against the old headers would be called through the wrong slots.")
                print("\n\n".join(changed))
                print(f"\nBump COPYCAT_ABI_VERSION in include/copycat/plugin.hpp (to {version + 1}) and regenerate "
                      f"with {REGENERATE}")
                return 1
            if changed or version != recorded_version:
                if changed:
                    print("\n\n".join(changed))
                print(f"COPYCAT_ABI_VERSION is {version} but {os.path.basename(args.layout)} records version "
                      f"{recorded_version}: regenerate it with {REGENERATE}")
                return 1
            print(f"The virtual function tables of {len(classes)} public classes match ABI version {version}.")
            return 0
        if recorded is not None and changed and version == recorded_version:
            print("\n\n".join(changed))
            print(f"\nThe virtual function tables changed but COPYCAT_ABI_VERSION is still {version}: bump it in "
                  "include/copycat/plugin.hpp first; nothing written.")
            return 1
        since = {}
        for name, layout in classes.items():
            kept = recorded is not None and name in recorded and block(*recorded[name][:2]) == block(*layout)
            since[name] = recorded[name][2] if kept and recorded[name][2] is not None else version
        with open(args.layout, "w") as out:
            out.write(render(version, classes, since))
        print(f"Wrote {args.layout}: {len(classes)} classes, ABI version {version}.")
        return 0
    except Failure as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
