package org.trajectory.extract.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.BinaryOperator;

/** Joining regions of a screen: the localizer's overlapping boxes, the offline method's nearby changes. */
public final class Joining {

    private Joining() {
    }

    /** Any two that {@code belong} together become their {@code union}, until no two do; the first keeps the place. */
    public static <T> List<T> joined(List<T> regions, BiPredicate<T, T> belong, BinaryOperator<T> union) {
        List<T> joined = new ArrayList<>(regions);
        boolean changed = true;
        while (changed) {
            changed = false;
            outer:
            for (int i = 0; i < joined.size(); i++) {
                for (int j = i + 1; j < joined.size(); j++) {
                    if (belong.test(joined.get(i), joined.get(j))) {
                        joined.set(i, union.apply(joined.get(i), joined.remove(j)));
                        changed = true;
                        break outer;
                    }
                }
            }
        }
        return joined;
    }
}
