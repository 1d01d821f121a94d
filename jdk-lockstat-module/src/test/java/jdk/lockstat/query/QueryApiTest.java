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

package jdk.lockstat.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.lang.reflect.GenericArrayType;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The query API names only its own types and the JDK's: no public or protected member, supertype or
 * record component of a public class of jdk.lockstat.query mentions a jdk.lockstat.internal type, so
 * that front ends (the viewer, tools built on the API) depend on nothing the engine may change.
 */
class QueryApiTest {
    @Test
    void noPublicSignatureNamesAnInternalType() throws Exception {
        List<String> leaks = new ArrayList<>();
        List<Class<?>> classes = publicClasses();
        assertTrue(classes.size() >= 20, "the package's public classes were found: " + classes);
        for (Class<?> c : classes) {
            check(c + " extends", c.getGenericSuperclass(), leaks);
            for (Type t : c.getGenericInterfaces()) {
                check(c + " implements", t, leaks);
            }
            for (Field f : c.getDeclaredFields()) {
                if (exposed(f.getModifiers())) {
                    check(f.toString(), f.getGenericType(), leaks);
                }
            }
            for (Method m : c.getDeclaredMethods()) {
                if (exposed(m.getModifiers()) && !m.isSynthetic()) {
                    check(m.toString(), m.getGenericReturnType(), leaks);
                    parameters(m, leaks);
                }
            }
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                if (exposed(k.getModifiers()) && !k.isSynthetic()) {
                    parameters(k, leaks);
                }
            }
        }
        assertEquals(List.of(), leaks, "public signatures of jdk.lockstat.query that name internal types");
    }

    /** Public and protected members are the API (of a public class: nested ones are checked as classes). */
    private static boolean exposed(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static void parameters(Executable e, List<String> leaks) {
        for (Type t : e.getGenericParameterTypes()) {
            check(e.toString(), t, leaks);
        }
        for (Type t : e.getGenericExceptionTypes()) {
            check(e.toString(), t, leaks);
        }
    }

    private static void check(String where, Type t, List<String> leaks) {
        if (t == null) {
            return;
        }
        if (t instanceof Class<?> k) {
            Class<?> base = k;
            while (base.isArray()) {
                base = base.getComponentType();
            }
            if (base.getName().startsWith("jdk.lockstat.internal.")) {
                leaks.add(where + ": " + base.getName());
            }
        } else if (t instanceof ParameterizedType p) {
            check(where, p.getRawType(), leaks);
            for (Type a : p.getActualTypeArguments()) {
                check(where, a, leaks);
            }
        } else if (t instanceof WildcardType w) {
            Stream.concat(Stream.of(w.getUpperBounds()), Stream.of(w.getLowerBounds())).forEach(b -> check(where, b, leaks));
        } else if (t instanceof GenericArrayType g) {
            check(where, g.getGenericComponentType(), leaks);
        } else if (t instanceof TypeVariable<?> v) {
            for (Type b : v.getBounds()) {
                if (b != Object.class) {
                    check(where, b, leaks);
                }
            }
        }
    }

    /** Every public class of the package, nested public ones of public classes included. */
    private static List<Class<?>> publicClasses() throws URISyntaxException, java.io.IOException, ClassNotFoundException {
        Path dir = Path.of(Aspect.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("jdk/lockstat/query");
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                String simple = f.getFileName().toString().replace(".class", "");
                Class<?> c = Class.forName("jdk.lockstat.query." + simple, false, QueryApiTest.class.getClassLoader());
                if (publicAllTheWayOut(c)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    private static boolean publicAllTheWayOut(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
            if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass()) {
                return false;
            }
        }
        return true;
    }
}
