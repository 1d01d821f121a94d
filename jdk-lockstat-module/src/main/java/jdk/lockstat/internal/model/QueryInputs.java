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

package jdk.lockstat.internal.model;

import java.util.function.Function;

/**
 * The engine's side of classes in {@code jdk.lockstat.query}: those classes are filled by an analysis
 * through the engine's interfaces, which their public API does not show. Code outside that package that
 * fills one (the HTML report's single pass over a trace) reaches those inputs here, as the JDK's own
 * packages reach each other's internals through {@code SharedSecrets}. Each class registers when it is
 * initialised, so an instance's inputs are always found.
 */
public final class QueryInputs {
    private QueryInputs() {}

    /** What fills a {@code jdk.lockstat.query.ThreadActivity}: its listener, and its sink for monitor contentions. */
    public interface Activity {
        ActivityListener listener();

        ContentionSink sink();
    }

    private static volatile Function<Object, Activity> activity;

    /** Called once, by ThreadActivity's static initialiser. */
    public static void registerActivity(Function<Object, Activity> inputsOf) {
        activity = inputsOf;
    }

    /** The inputs of a jdk.lockstat.query.ThreadActivity. */
    public static Activity ofActivity(Object threadActivity) {
        return activity.apply(threadActivity);
    }
}
