package org.trajectory.extract.internal.offline;

import java.util.Locale;

/**
 * What the offline method read an action from. Each evidence has its own confidence: the share of the actions read from
 * it that were right in our train recordings, whose events are the truth ({@link Calibration}). The word is written
 * with the step, so that a reviewer sees why an action is there.
 */
enum Evidence {
    /** What lay under the moving pointer moved with it. */
    DRAG_CARRIED,
    /** A window moved whole while the pointer went unseen, and the pointer showed where it stopped. */
    DRAG_UNSEEN,
    /** A highlight grew along the pointer's path. */
    SELECTION,
    /** A highlight grew along a line while the pointer went unseen, up to where it showed again. */
    SELECTION_UNSEEN,
    /** The screen changed near the pointer as it arrived. */
    CLICK_ON_ARRIVAL,
    /** The screen changed away from the pointer as it arrived. */
    CLICK_ON_ARRIVAL_FAR,
    /** The screen changed near the resting pointer, or answering it. */
    CLICK_AT_REST,
    /** The screen changed away from the resting pointer, answering it. */
    CLICK_AT_REST_FAR,
    /** Typing began soon after the pointer came to rest: the click that gave it focus did not show. */
    FOCUS_CLICK,
    /** A click found by any of the above, in whose pictures the action classifier sees no click. */
    CLICK_DOUBTED,
    /** What the resting pointer's click opened closed without the pointer moving. */
    ESCAPE,
    /** Typed text went on a line lower, or lines appeared under it. */
    ENTER,
    /** Text appeared where text is entered (at a caret, on the clicked line, after an Enter). */
    TYPING_AT_ENTRY,
    /** Text grew letter by letter. */
    TYPING_GREW,
    /** A line changed where text could be entered, neither at an entry nor growing. */
    TYPING_GUESSED,
    /** Content shifted vertically under the pointer. */
    SCROLL;

    /** The word written with a step and in the calibration: the name in lower case, words joined by hyphens. */
    String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
