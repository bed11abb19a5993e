package org.trajectory.builder.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.trajectory.builder.ReductionSettings;
import org.trajectory.model.action.Action.Button;
import org.trajectory.model.action.Action.ClickKind;
import org.trajectory.model.action.Action.Point;
import org.trajectory.model.action.Action;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.PrivacyFilter;
import org.trajectory.recorder.ScreenSize;

/**
 * Reduces a recording's raw input events to steps, by the rules the field uses: single, double and triple clicks by
 * time and distance, right and middle clicks, drags past a threshold, wheel runs merged into one scroll, characters
 * merged into one {@code write} (backspace edits it, shift and caps lock honoured), Enter and Tab as {@code press},
 * chords as {@code hotkey}, lone modifiers and the recorder's own hotkeys dropped, and a closing
 * {@code computer.terminate}. Points are normalized by the screen size in force at the event's time. One pass, no
 * allocation per pointer move, so a long recording reduces at millions of events a second.
 */
public final class Reducer {

    private static final String REDACTED = PrivacyFilter.REDACTED;

    private final ReductionSettings settings;

    public Reducer(ReductionSettings settings) {
        this.settings = settings;
    }

    /**
     * @param events the raw events in time order
     * @param screens the screen sizes in time order (the first applies from the start)
     * @param resolvedCharacters whether the recorder already applied shift and caps lock to the characters (ours does)
     */
    public List<ReducedStep> reduce(List<InputEvent> events, List<ScreenSize> screens, boolean resolvedCharacters) {
        if (screens.isEmpty()) {
            throw new IllegalArgumentException("the screen size is needed to normalize coordinates");
        }
        Run run = new Run(screens, resolvedCharacters);
        for (int i = 0; i < events.size(); i++) {
            run.accept(events.get(i), i);
        }
        return run.finish(events.isEmpty() ? 0 : events.get(events.size() - 1).time());
    }

    /** The state of one reduction. */
    private final class Run {
        private final List<ReducedStep> steps = new ArrayList<>();
        private final List<ScreenSize> screens;
        private final boolean resolvedCharacters;
        private int screen;

        private final Set<String> held = new LinkedHashSet<>();
        private boolean capsLock;

        private final StringBuilder text = new StringBuilder();
        private double textStart;
        private double textEnd;
        private int textFirst;
        private int textLast;

        private String pressButton;
        private int pressX;
        private int pressY;
        private int lastX;
        private int lastY;
        private double pressTime;
        private int pressIndex;
        private long maxDistanceSquared;

        private int clickCount;
        private int clickStep = -1;
        private double clickTime;
        private int clickX;
        private int clickY;

        private int scrollDx;
        private int scrollDy;
        private int scrollX;
        private int scrollY;
        private double scrollStart;
        private double scrollEnd;
        private int scrollFirst = -1;
        private int scrollLast;

        private String repeatKey;
        private int repeatStep = -1;
        private int repeatCount;
        private double repeatTime;

        Run(List<ScreenSize> screens, boolean resolvedCharacters) {
            this.screens = screens;
            this.resolvedCharacters = resolvedCharacters;
        }

        void accept(InputEvent event, int index) {
            switch (event.action()) {
                case "move" -> move(event);
                case "click" -> {
                    if (Boolean.TRUE.equals(event.pressed())) {
                        press(event, index);
                    } else {
                        release(event, index);
                    }
                }
                case "scroll" -> scroll(event, index);
                case "press" -> keyPress(event, index);
                case "release" -> keyRelease(event);
                default -> { }
            }
        }

        private void move(InputEvent event) {
            if (pressButton != null) {
                lastX = event.x();
                lastY = event.y();
                long dx = lastX - pressX;
                long dy = lastY - pressY;
                maxDistanceSquared = Math.max(maxDistanceSquared, dx * dx + dy * dy);
            }
        }

        private void press(InputEvent event, int index) {
            flushText();
            flushScroll();
            repeatStep = -1;
            if (pressButton != null) {
                return; // a second button during a press: the first decides the step
            }
            pressButton = event.button() == null ? "left" : event.button();
            pressX = lastX = event.x();
            pressY = lastY = event.y();
            pressTime = event.time();
            pressIndex = index;
            maxDistanceSquared = 0;
        }

        private void release(InputEvent event, int index) {
            if (pressButton == null || !pressButton.equals(event.button() == null ? "left" : event.button())) {
                return; // the press came before the recording started, or another button's
            }
            move(event);
            endPress(event.time(), index);
        }

        private void endPress(double time, int index) {
            long threshold = (long) settings.dragThreshold() * settings.dragThreshold();
            Button button = button(pressButton);
            if (maxDistanceSquared > threshold) {
                add(List.of(new Action.MoveTo(point(pressX, pressY, pressTime)), new Action.DragTo(point(lastX, lastY, time), button)),
                        pressTime, time, pressIndex, index, pressX, pressY);
                clickStep = -1;
            } else if (button == Button.LEFT && continuesClick()) {
                clickCount++;
                ReducedStep previous = steps.get(clickStep);
                ClickKind kind = clickCount == 2 ? ClickKind.DOUBLE_CLICK : ClickKind.TRIPLE_CLICK;
                steps.set(clickStep, new ReducedStep(List.of(new Action.Click(kind, point(clickX, clickY, previous.start()))),
                        previous.start(), time, previous.firstEvent(), index, clickX, clickY));
                clickTime = pressTime;
            } else {
                ClickKind kind = switch (button) {
                    case LEFT -> ClickKind.CLICK;
                    case RIGHT -> ClickKind.RIGHT_CLICK;
                    case MIDDLE -> ClickKind.MIDDLE_CLICK;
                };
                add(List.of(new Action.Click(kind, point(pressX, pressY, pressTime))), pressTime, time, pressIndex, index,
                        pressX, pressY);
                if (button == Button.LEFT) {
                    clickStep = steps.size() - 1;
                    clickCount = 1;
                    clickTime = pressTime;
                    clickX = pressX;
                    clickY = pressY;
                } else {
                    clickStep = -1;
                }
            }
            pressButton = null;
        }

        private boolean continuesClick() {
            if (clickStep != steps.size() - 1 || clickStep < 0 || clickCount >= 3) {
                return false;
            }
            long dx = pressX - clickX;
            long dy = pressY - clickY;
            long distance = settings.doubleClickDistance();
            return pressTime - clickTime <= settings.doubleClickTime() && dx * dx + dy * dy <= distance * distance;
        }

        private void scroll(InputEvent event, int index) {
            flushText();
            repeatStep = -1;
            clickStep = -1;
            if (scrollFirst >= 0) {
                long dx = event.x() - scrollX;
                long dy = event.y() - scrollY;
                long distance = settings.scrollDistance();
                if (event.time() - scrollEnd > settings.scrollGap() || dx * dx + dy * dy > distance * distance) {
                    flushScroll();
                }
            }
            if (scrollFirst < 0) {
                scrollFirst = index;
                scrollStart = event.time();
                scrollX = event.x();
                scrollY = event.y();
                scrollDx = 0;
                scrollDy = 0;
            }
            scrollDx += event.dx() == null ? 0 : event.dx();
            scrollDy += event.dy() == null ? 0 : event.dy();
            scrollEnd = event.time();
            scrollLast = index;
        }

        private void flushScroll() {
            if (scrollFirst < 0) {
                return;
            }
            if (scrollDx != 0 || scrollDy != 0) {
                List<Action> actions = new ArrayList<>(3);
                actions.add(new Action.MoveTo(point(scrollX, scrollY, scrollStart)));
                if (scrollDy != 0) {
                    actions.add(new Action.Scroll(scrollDy, null));
                }
                if (scrollDx != 0) {
                    actions.add(new Action.HScroll(scrollDx, null));
                }
                add(actions, scrollStart, scrollEnd, scrollFirst, scrollLast, scrollX, scrollY);
            }
            scrollFirst = -1;
        }

        private void keyPress(InputEvent event, int index) {
            if (event.name() == null) {
                return;
            }
            String key = Keys.pyautogui(event.name());
            String modifier = Keys.modifier(key);
            if (modifier != null) {
                held.add(modifier); // a lone modifier makes no step
                return;
            }
            if (key.equals("capslock")) {
                capsLock = !capsLock;
                return;
            }
            if (Keys.isLock(key)) {
                return;
            }
            flushScroll();
            clickStep = -1;
            // held holds only modifiers (Keys.modifier): any but Shift makes a chord
            boolean chord = held.stream().anyMatch(m -> !m.equals("shift"));
            String character = event.character();
            boolean typed = !chord && character != null && !character.isEmpty() && character.codePointAt(0) >= 0x20
                    && !key.equals("enter") && !key.equals("tab") && !key.equals("backspace")
                    && (character.codePointCount(0, character.length()) == 1 || character.equals(REDACTED));
            if (typed) {
                type(character, event.time(), index);
                return;
            }
            if (key.equals("backspace") && !chord && !held.contains("shift") && text.length() > 0) {
                text.setLength(text.length() - Character.charCount(text.codePointBefore(text.length())));
                textEnd = event.time();
                textLast = index;
                return;
            }
            flushText();
            if (chord || held.contains("shift")) {
                List<String> keys = new ArrayList<>(held);
                keys.add(key);
                if (isRecorderHotkey(keys)) {
                    return;
                }
                repeatStep = -1;
                add(List.of(new Action.Hotkey(keys)), event.time(), event.time(), index, index, null, null);
                return;
            }
            if (repeatStep == steps.size() - 1 && repeatStep >= 0 && key.equals(repeatKey)
                    && event.time() - repeatTime <= settings.keyRepeatGap()) {
                repeatCount++;
                ReducedStep previous = steps.get(repeatStep);
                steps.set(repeatStep, new ReducedStep(List.of(new Action.Press(List.of(key), repeatCount)), previous.start(),
                        event.time(), previous.firstEvent(), index, null, null));
            } else {
                add(List.of(new Action.Press(List.of(key), 1)), event.time(), event.time(), index, index, null, null);
                repeatStep = steps.size() - 1;
                repeatKey = key;
                repeatCount = 1;
            }
            repeatTime = event.time();
        }

        private void type(String character, double time, int index) {
            repeatStep = -1;
            String typed = character;
            if (!resolvedCharacters && typed.length() == 1 && Character.isLowerCase(typed.charAt(0))
                    && (held.contains("shift") ^ capsLock)) {
                typed = typed.toUpperCase(java.util.Locale.ROOT); // the recorder gave the key, not what it typed
            }
            if (text.length() == 0) {
                textStart = time;
                textFirst = index;
            }
            if (!(typed.equals(REDACTED) && text.toString().endsWith(REDACTED))) {
                text.append(typed); // a run of redacted keys shows as one marker: not even its length is kept
            }
            textEnd = time;
            textLast = index;
        }

        private void flushText() {
            if (text.length() > 0) {
                add(List.of(new Action.Write(text.toString())), textStart, textEnd, textFirst, textLast, null, null);
                text.setLength(0);
                clickStep = -1;
            }
        }

        private boolean isRecorderHotkey(List<String> keys) {
            Set<String> chord = new HashSet<>(keys);
            return settings.recorderHotkeys().stream().anyMatch(h -> h.size() == chord.size() && chord.containsAll(h));
        }

        private void keyRelease(InputEvent event) {
            if (event.name() == null) {
                return;
            }
            String key = Keys.pyautogui(event.name());
            String modifier = Keys.modifier(key);
            if (modifier != null) {
                held.remove(modifier);
            }
        }

        List<ReducedStep> finish(double lastTime) {
            if (pressButton != null) {
                endPress(lastTime, pressIndex); // the recording stopped with a button down: it still was a click or drag
            }
            flushText();
            flushScroll();
            add(List.of(new Action.Terminate(settings.terminateStatus())), lastTime, lastTime, -1, -1, null, null);
            return steps;
        }

        private void add(List<Action> actions, double start, double end, int first, int last, Integer x, Integer y) {
            steps.add(new ReducedStep(actions, start, end, first, last, x, y));
        }

        /** A pixel position normalized by the screen size in force at {@code time}. */
        private Point point(int x, int y, double time) {
            while (screen + 1 < screens.size() && screens.get(screen + 1).time() <= time) {
                screen++;
            }
            while (screen > 0 && screens.get(screen).time() > time) {
                screen--;
            }
            ScreenSize size = screens.get(screen);
            return Point.rounded(clamp((double) x / size.width()), clamp((double) y / size.height()));
        }

        private static double clamp(double value) {
            return Math.max(0, Math.min(1, value));
        }

        private static Button button(String name) {
            return switch (name) {
                case "right" -> Button.RIGHT;
                case "middle" -> Button.MIDDLE;
                default -> Button.LEFT;
            };
        }
    }
}
