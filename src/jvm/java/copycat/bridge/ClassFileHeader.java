package copycat.bridge;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The head of a .class file (JVM spec 4.1): access flags, the class's name, its superclass's and its
 * interfaces', read from the bytes without loading the class, so that the reflective plugin scan
 * (ReflectivePluginScan) can tell which classes of a jar may be plugins before it loads any.
 * Reading stops after the interfaces: fields, methods and attributes are never decompressed.
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

    /** The header of the class file `in` is positioned at; IOException when it is not one. */
    static ClassFileHeader read(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        if (data.readInt() != 0xCAFEBABE) throw new IOException("not a class file");
        data.readUnsignedShort();  // minor version
        data.readUnsignedShort();  // major version
        int count = data.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNameIndex = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = data.readUnsignedByte();
            switch (tag) {
                case 1: utf8[i] = data.readUTF(); break;                      // Utf8
                case 7: classNameIndex[i] = data.readUnsignedShort(); break;  // Class
                case 8: case 16: case 19: case 20: data.skipNBytes(2); break;  // String, MethodType, Module, Package
                case 15: data.skipNBytes(3); break;                            // MethodHandle
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: data.skipNBytes(4); break;
                case 5: case 6: data.skipNBytes(8); i++; break;                // Long, Double: two slots
                default: throw new IOException("unknown constant pool tag " + tag);
            }
        }
        int access = data.readUnsignedShort();
        String name = className(utf8, classNameIndex, data.readUnsignedShort());
        if (name == null) throw new IOException("no class name");
        String superName = className(utf8, classNameIndex, data.readUnsignedShort());
        int interfaceCount = data.readUnsignedShort();
        List<String> interfaces = new ArrayList<>(interfaceCount);
        for (int i = 0; i < interfaceCount; i++) {
            String itf = className(utf8, classNameIndex, data.readUnsignedShort());
            if (itf != null) interfaces.add(itf);
        }
        return new ClassFileHeader(access, name, superName, interfaces);
    }

    private static String className(String[] utf8, int[] classNameIndex, int index) throws IOException {
        if (index == 0) return null;
        if (index >= classNameIndex.length || classNameIndex[index] == 0) throw new IOException("bad class index");
        String internal = utf8[classNameIndex[index]];
        if (internal == null) throw new IOException("bad class name index");
        return internal.replace('/', '.');
    }
}
