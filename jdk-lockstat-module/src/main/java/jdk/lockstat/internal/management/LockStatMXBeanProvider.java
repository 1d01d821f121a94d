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

import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.recorder.Control;
import jdk.lockstat.management.LockStatMXBean;
import sun.management.spi.PlatformMBeanProvider;

/**
 * Puts jdk.lockstat:type=LockStat into the platform MBean server, as jdk.management.jfr does for
 * JFR. Loaded only when the platform MBean server is first used: a VM that never asks for it pays
 * nothing.
 */
public final class LockStatMXBeanProvider extends PlatformMBeanProvider {
    private static volatile LockStatMXBean bean;

    @Override
    public List<PlatformComponent<?>> getPlatformComponentList() {
        if (!Control.vmSupportsTracing()) {
            return List.of();   // a VM built without the lockstat feature: no MXBean to offer
        }
        return List.of(new PlatformComponent<LockStatMXBean>() {
            @Override
            public Set<String> mbeanInterfaceNames() {
                return Set.of(LockStatMXBean.class.getName());
            }

            @Override
            public Set<Class<? extends LockStatMXBean>> mbeanInterfaces() {
                return Set.of(LockStatMXBean.class);
            }

            @Override
            public String getObjectNamePattern() {
                return LockStatMXBean.MXBEAN_NAME;
            }

            @Override
            public Map<String, LockStatMXBean> nameToMBeanMap() {
                return Map.of(LockStatMXBean.MXBEAN_NAME, instance());
            }
        });
    }

    private static LockStatMXBean instance() {
        LockStatMXBean b = bean;
        if (b == null) {
            synchronized (LockStatMXBeanProvider.class) {
                if (bean == null) {
                    bean = new LockStatMXBeanImpl();
                }
                b = bean;
            }
        }
        return b;
    }
}
