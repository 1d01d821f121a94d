/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.internal.tool;

import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * Hidden classes' names carry an address that differs from run to run; every output shows them without
 * it (issue 41, item 6), so two reports of one program compare. ClassRef.displayName is the one place.
 */
class HiddenClassNameTest {
    @TempDir
    Path dir;

    /**
     * Scenario.twoOwners' events on a lock whose class is a lambda's as HotSpot prints it with dots
     * ({@code Foo$$Lambda.0x000000009b042440}), every chain running through a lambda's run method, whose
     * class is named as Class.getName() names it ({@code Driver$$Lambda/0x00000000790db308}).
     */
    private Path trace() throws IOException {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.workers(meta);
        meta.event(EventType.CLASS, 0x600L, 0L, "Foo$$Lambda.0x000000009b042440");
        meta.event(EventType.CLASS, 0x900L, 0L, "Driver$$Lambda/0x00000000790db308");
        meta.event(EventType.CLASS, 0x901L, 0L, "Driver");
        meta.event(EventType.CLASS, 0x902L, 0L, "java.lang.Thread");
        meta.event(EventType.METHOD, 2001L, 0x901L, "lambda$main$0", "()V", 0x1000L, "Driver.java");
        meta.event(EventType.METHOD, 2002L, 0x900L, "run", "()V", 0x1L, "");
        meta.event(EventType.METHOD, 2003L, 0x902L, "run", "()V", 0x1L, "Thread.java");
        for (long t : new long[] {T1, T2, T3}) {
            meta.event(EventType.CALL_CHAIN, 100 + t, List.of(new Object[] {2001L, 4L, 60 + t, 0L},
                    new Object[] {2002L, 0L, -1L, 0L}, new Object[] {2003L, 11L, 1474L, 0L}));
        }
        Scenario.twoOwnersEvents(s, 0x600L);
        return s.write(dir, "lambda.lct");
    }

    /** What a command printed, less the lines naming the trace file (its path is the test's). */
    private static String shown(ToolRun r, Path trace) {
        assertEquals(0, r.status(), r.err());
        return r.out().lines().filter(l -> !l.contains(trace.toString())).collect(Collectors.joining("\n"));
    }

    @Test
    void reportKeysNameHiddenClassesWithoutAddress() throws IOException {
        Path trace = trace();
        String text = shown(ToolRun.of("report", "--by", "lock-class,owner-chain", trace.toString()), trace);
        assertTrue(text.contains("  Foo$$Lambda\n"), text);
        assertTrue(text.contains("    Driver.lambda$main$0(Driver.java:71) [+2]\n"), text);
        assertTrue(text.contains("    Driver.lambda$main$0(Driver.java:72) [+2]\n"), text);
        assertTrue(text.contains("    at Driver$$Lambda.run\n") && text.contains("    at java.lang.Thread.run(Thread.java:1474)\n"), text);
        assertFalse(text.contains("0x"), text);
        for (String format : new String[] {"csv", "json"}) {
            String out = shown(ToolRun.of("report", "--format", format, "--by", "lock,method,owner-chain", trace.toString()), trace);
            assertTrue(out.contains("Foo$$Lambda@1234"), out);
            assertTrue(out.contains("Driver$$Lambda.run"), out);
            assertFalse(out.contains("0x"), out);
        }
        String flame = shown(ToolRun.of("flame", trace.toString()), trace);
        assertTrue(flame.contains(";Driver$$Lambda.run;"), flame);
        assertFalse(flame.contains("0x"), flame);
        String locks = shown(ToolRun.of("locks", trace.toString()), trace);
        assertTrue(locks.contains("Foo$$Lambda@1234"), locks);
        assertFalse(locks.contains("0x"), locks);
    }

    @Test
    void displayNameDropsOnlyTheHiddenClassAddress() {
        assertEquals("Driver$$Lambda", ClassRef.displayName("Driver$$Lambda/0x00000000790db308"));
        assertEquals("Driver$$Lambda", ClassRef.displayName("Driver$$Lambda.0x000000009b042440"));
        assertEquals("Driver$$Lambda", ClassRef.displayName("Driver$$Lambda+0x000000009b042440"));
        assertEquals("com.example.Driver$$Lambda", ClassRef.displayName("com.example.Driver$$Lambda/0x0000000801001234"));
        assertEquals("java.lang.invoke.LambdaForm$MH", ClassRef.displayName("java.lang.invoke.LambdaForm$MH/0x0000000801004400"));
        // Generated classes that are not hidden keep their numbers; ordinary names are untouched.
        assertEquals("$Proxy12", ClassRef.displayName("$Proxy12"));
        assertEquals("jdk.proxy2.$Proxy12", ClassRef.displayName("jdk.proxy2.$Proxy12"));
        assertEquals("jdk.internal.reflect.GeneratedMethodAccessor12",
                ClassRef.displayName("jdk.internal.reflect.GeneratedMethodAccessor12"));
        assertEquals("demo.Box0x12", ClassRef.displayName("demo.Box0x12"));
        assertEquals("java.lang.Object", ClassRef.displayName("java.lang.Object"));
        assertNull(ClassRef.displayName(null));
        // A lock's reference path through a lambda's captured field.
        assertEquals("static Driver.TASK.arg$1", ClassRef.displayName("static Driver.TASK.arg$1"));
        assertEquals("Driver$$Lambda.arg$1", ClassRef.displayName("Driver$$Lambda/0x00000000790db308.arg$1"));
        ClassRef c = new ClassRef(7);
        c.define("Driver$$Lambda/0x00000000790db308", 0);
        assertEquals("Driver$$Lambda", c.name());
        assertEquals("Driver$$Lambda", c.toString());
    }
}
