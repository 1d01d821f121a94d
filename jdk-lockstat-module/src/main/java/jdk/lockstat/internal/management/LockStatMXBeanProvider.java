package jdk.lockstat.internal.management;

import java.util.List;
import java.util.Map;
import java.util.Set;

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
