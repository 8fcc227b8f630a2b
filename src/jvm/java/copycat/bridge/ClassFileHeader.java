package copycat.bridge;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The head of a .class file (JVM spec 4.1): access flags, the class's name, its superclass's and its
 * interfaces', read from the bytes without loading the class, so that the reflective plugin scan
 * (ReflectivePluginScan) can tell which classes of a jar may be plugins before it loads any.
 * Fields, methods and attributes are not looked at.
 */
final class ClassFileHeader {
    static final int ACC_PUBLIC = 0x0001;
    static final int ACC_INTERFACE = 0x0200;
    static final int ACC_ABSTRACT = 0x0400;
    static final int ACC_ANNOTATION = 0x2000;
    static final int ACC_ENUM = 0x4000;
    static final int ACC_MODULE = 0x8000;

    final int access;
    final String name;        // binary name, with dots: a.b.Outer$Inner
    final String superName;   // null for java.lang.Object and module-info
    final List<String> interfaces;

    private ClassFileHeader(int access, String name, String superName, List<String> interfaces) {
        this.access = access;
        this.name = name;
        this.superName = superName;
        this.interfaces = interfaces;
    }

    /** Whether the class could be a plugin itself: public, and neither abstract nor an interface. */
    boolean concreteAndPublic() {
        return (access & ACC_PUBLIC) != 0
            && (access & (ACC_INTERFACE | ACC_ABSTRACT | ACC_ANNOTATION | ACC_ENUM | ACC_MODULE)) == 0;
    }

    /**
     * The header of the class file `in` holds; IOException when it is not one. The file is read
     * whole (inflating is cheap, native code) and only the names the header refers to are decoded:
     * decoding every Utf8 constant was most of a cold scan's time.
     */
    static ClassFileHeader read(InputStream in) throws IOException {
        byte[] b = in.readAllBytes();
        try {
            if (u4(b, 0) != 0xCAFEBABE) throw new IOException("not a class file");
            int count = u2(b, 8);
            int[] offsets = new int[count];  // of each constant's tag
            int at = 10;
            for (int i = 1; i < count; i++) {
                offsets[i] = at;
                int tag = b[at] & 0xFF;
                switch (tag) {
                    case 1: at += 3 + u2(b, at + 1); break;                     // Utf8
                    case 7: case 8: case 16: case 19: case 20: at += 3; break;  // Class, String, MethodType, Module, Package
                    case 15: at += 4; break;                                    // MethodHandle
                    case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: at += 5; break;
                    case 5: case 6: at += 9; i++; break;                        // Long, Double: two slots
                    default: throw new IOException("unknown constant pool tag " + tag);
                }
            }
            int access = u2(b, at);
            String name = className(b, offsets, u2(b, at + 2));
            if (name == null) throw new IOException("no class name");
            String superName = className(b, offsets, u2(b, at + 4));
            int interfaceCount = u2(b, at + 6);
            List<String> interfaces = new ArrayList<>(interfaceCount);
            for (int i = 0; i < interfaceCount; i++) {
                String itf = className(b, offsets, u2(b, at + 8 + 2 * i));
                if (itf != null) interfaces.add(itf);
            }
            return new ClassFileHeader(access, name, superName, interfaces);
        } catch (ArrayIndexOutOfBoundsException e) {
            throw new IOException("truncated class file", e);
        }
    }

    private static int u2(byte[] b, int at) {
        return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
    }

    private static int u4(byte[] b, int at) {
        return (u2(b, at) << 16) | u2(b, at + 2);
    }

    // The name of CONSTANT_Class `index` (0: none), from internal form (a/b/C) to binary (a.b.C).
    private static String className(byte[] b, int[] offsets, int index) throws IOException {
        if (index == 0) return null;
        if (index >= offsets.length || offsets[index] == 0 || (b[offsets[index]] & 0xFF) != 7)
            throw new IOException("bad class index");
        int utf8 = u2(b, offsets[index] + 1);
        if (utf8 >= offsets.length || offsets[utf8] == 0 || (b[offsets[utf8]] & 0xFF) != 1)
            throw new IOException("bad class name index");
        int start = offsets[utf8] + 3;
        int length = u2(b, offsets[utf8] + 1);
        boolean ascii = true;
        for (int i = start; i < start + length && ascii; i++) ascii = b[i] > 0;
        if (ascii) return new String(b, start, length, StandardCharsets.ISO_8859_1).replace('/', '.');
        // Modified UTF-8, as DataInput.readUTF reads it.
        DataInputStream text = new DataInputStream(new ByteArrayInputStream(b, start - 2, length + 2));
        return text.readUTF().replace('/', '.');
    }
}
