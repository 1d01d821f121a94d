package jdk.lockstat.internal.tool;

/** Just enough JSON writing for the tool's output. */
final class Json {
    private Json() {}

    /** A JSON string, or null for a value a damaged trace lacks (a field of another type in its schema). */
    static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** A JSON number with four decimals; null for NaN (a ratio without a denominator). */
    static String number(double d) {
        return Double.isNaN(d) || Double.isInfinite(d) ? "null" : String.format(java.util.Locale.ROOT, "%.4f", d);
    }

    /** A number from a trace's properties, or -1 when absent or not a number. */
    static long parseLong(String s) {
        try {
            return s == null ? -1 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
