// Prints Double.toString and Float.toString for a corpus of values, one per line: "d <bits> <text>"
// or "f <bits> <text>" with the raw IEEE bits in hex; the first line is "java <feature version>".
// The build runs it with the JDK's java (source-file mode) and java_number_text_test.cpp checks
// Copycat's java_double_text and java_float_text against every line.
import java.util.Random;

public class JavaNumberText {
    static final StringBuilder out = new StringBuilder();

    static void d(double v) {
        out.append("d ").append(Long.toHexString(Double.doubleToRawLongBits(v))).append(' ')
                .append(Double.toString(v)).append('\n');
    }

    static void f(float v) {
        out.append("f ").append(Integer.toHexString(Float.floatToRawIntBits(v))).append(' ')
                .append(Float.toString(v)).append('\n');
    }

    // v and the `ulps` doubles on each side of it.
    static void around(double v, int ulps) {
        double down = v, up = v;
        d(v);
        for (int i = 0; i < ulps; i++) {
            down = Math.nextDown(down);
            up = Math.nextUp(up);
            d(down);
            d(up);
        }
    }

    static void around(float v, int ulps) {
        float down = v, up = v;
        f(v);
        for (int i = 0; i < ulps; i++) {
            down = Math.nextDown(down);
            up = Math.nextUp(up);
            f(down);
            f(up);
        }
    }

    public static void main(String[] args) {
        out.append("java ").append(Runtime.version().feature()).append('\n');
        double[] doubles = {Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL, 1.0E-5, 0.001, 1.0E-3, 1.0E7,
            9999999.0, 0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1, 0.2, 0.3,
            1.0 / 3, 2.0 / 3, Math.PI, Math.E, 100.0, 12.34, -2.5, 1.0E20, 1.0E-10, 123456789.125, 1.0E23, 2.0E23,
            2.82879384806159E17, 1.18575755E-316, 2.00379488949766042E18, 9.223372036854776E18, -1.25E-10,
            (double) 0.1f, (double) 1.0E10f, (double) Float.MIN_VALUE, (double) Float.MAX_VALUE, 4.35, 0.5, 1.5E300};
        for (double v : doubles) {
            d(v);
            d(-v);
        }
        float[] floats = {Float.MIN_VALUE, Float.MAX_VALUE, Float.MIN_NORMAL, 0.1f, 1.0E10f, 1.0E-5f, 0.001f,
            1.0E7f, 9999999.0f, 0.0f, -0.0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1.5f,
            12.34f, 1.0E20f, 3.4028235E38f, 1.13132703E18f, 1.0f / 3, (float) Math.PI, 16777216.0f, 16777217.0f};
        for (float v : floats) {
            f(v);
            f(-v);
        }
        // The edges of the plain form, [1.0E-3, 1.0E7), and of the digit loop's forced second
        // digit (decimal exponents -3 and 8).
        for (double v : new double[] {1.0E-3, 1.0E7, 1.0E-4, 1.0E8, 1.0E-2, 1.0E6}) {
            around(v, 8);
        }
        for (float v : new float[] {1.0E-3f, 1.0E7f, 1.0E-4f, 1.0E8f}) {
            around(v, 8);
        }
        // Powers of ten and of two across the whole range, with their neighbours.
        for (int e = -324; e <= 308; e++) {
            around(Double.parseDouble("1.0E" + e), 1);
        }
        for (int e = -1074; e <= 1023; e++) {
            around(Math.scalb(1.0, e), 1);
        }
        for (int e = -45; e <= 38; e++) {
            around(Float.parseFloat("1.0E" + e), 1);
        }
        for (int e = -149; e <= 127; e++) {
            around(Math.scalb(1.0f, e), 1);
        }
        // Integers as doubles and floats, small and large.
        for (int i = 0; i <= 1000; i++) {
            d(i);
            f(i);
        }
        Random random = new Random(20240611L);
        for (int i = 0; i < 2000; i++) {
            long l = random.nextLong() >> random.nextInt(64);
            d((double) l);
            f((float) l);
        }
        // Random bit patterns, and short decimals as people type them.
        for (int i = 0; i < 20000; i++) {
            double v = Double.longBitsToDouble(random.nextLong());
            if (!Double.isNaN(v)) {
                d(v);
            }
            float w = Float.intBitsToFloat(random.nextInt());
            if (!Float.isNaN(w)) {
                f(w);
            }
        }
        for (int i = 0; i < 5000; i++) {
            String text = random.nextInt(100000) + "." + random.nextInt(1000) + "E" + (random.nextInt(40) - 20);
            d(Double.parseDouble(text));
            f(Float.parseFloat(text));
        }
        // Random doubles in [0, 1) and values near the subnormal range.
        for (int i = 0; i < 2000; i++) {
            d(random.nextDouble());
            f(random.nextFloat());
            d(Double.longBitsToDouble(random.nextLong() & 0x001FFFFFFFFFFFFFL));
            f(Float.intBitsToFloat(random.nextInt() & 0x00FFFFFF));
        }
        System.out.print(out);
    }
}
