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

package jdk.lockstat.internal.management;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;

import javax.management.ObjectName;

import jdk.lockstat.internal.recorder.Control;
import jdk.lockstat.management.LockStatMXBean;

/** The MXBean: every operation is Control's, as for jcmd. */
final class LockStatMXBeanImpl implements LockStatMXBean {
    @Override
    public String start(String file, long durationMillis, long maxSizeBytes) {
        if (durationMillis < 0) {
            throw new IllegalArgumentException("durationMillis must not be negative");
        }
        return call(() -> Control.start(file, TimeUnit.MILLISECONDS.toNanos(durationMillis), maxSizeBytes));
    }

    @Override
    public String stop() {
        return call(Control::stop);
    }

    @Override
    public String dump(String file) {
        return call(() -> Control.dump(file));
    }

    @Override
    public String report(String by, int top) {
        return call(() -> Control.report(by, top));
    }

    @Override
    public boolean isTracing() {
        return Control.isTracing();
    }

    @Override
    public String getStatus() {
        return Control.status();
    }

    @Override
    public ObjectName getObjectName() {
        try {
            return new ObjectName(MXBEAN_NAME);
        } catch (javax.management.MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }

    private interface Op {
        String run() throws Exception;
    }

    /** Messages as jcmd shows them; checked exceptions as unchecked ones a JMX client can load. */
    private static String call(Op op) {
        try {
            return op.run();
        } catch (RuntimeException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        } catch (Exception e) {
            throw new IllegalStateException(e.toString(), e);
        }
    }
}
