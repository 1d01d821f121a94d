/*
 * LockStat JDK. The one helper of aircompressor's SnappyInternalUtils that the imported codec calls.
 */
package jdk.lockstat.internal.snappy;

final class SnappyInternalUtils {
    private SnappyInternalUtils() {}

    static void checkArgument(boolean expression, String template, Object... args) {
        if (!expression) {
            throw new IllegalArgumentException(String.format(template, args));
        }
    }
}
