package org.trajectory.model.action;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.trajectory.model.action.Action.Button;
import org.trajectory.model.action.Action.ClickKind;
import org.trajectory.model.action.Action.Point;

class ActionLanguageTest {

    private static List<Action> actions(String code) {
        ParsedCode parsed = ActionParser.parse(code);
        assertTrue(parsed.ok(), () -> code + " -> " + parsed.problems());
        return parsed.actions();
    }

    private static CodeProblem onlyProblem(String code) {
        ParsedCode parsed = ActionParser.parse(code);
        assertEquals(1, parsed.problems().size(), () -> code + " -> " + parsed.problems());
        return parsed.problems().get(0);
    }

    @Test
    void readsTheCodeOfTheAgentNetExample() {
        assertEquals(List.of(new Action.Click(ClickKind.CLICK, new Point(0.9722, 0.9701))),
                actions("pyautogui.click(x=0.9722, y=0.9701)"));
        assertEquals(List.of(new Action.MoveTo(new Point(0.4546, 0.2682)), new Action.DragTo(new Point(0.4107, 0.2773), Button.LEFT)),
                actions("pyautogui.moveTo(x=0.4546, y=0.2682)\npyautogui.dragTo(x=0.4107, y=0.2773, button='left')"));
        assertEquals(List.of(new Action.MoveTo(new Point(0.396, 0.7839)), new Action.Scroll(-3, null)),
                actions("pyautogui.moveTo(x=0.396, y=0.7839)\npyautogui.scroll(-3)"));
        assertEquals(List.of(new Action.Terminate("success")), actions("computer.terminate(status='success')"));
        assertEquals(List.of(new Action.Click(ClickKind.CLICK, new Point(0.391571, 0.2))), actions("pyautogui.click(x=0.391571, y=0.2)"),
                "a model's point is read as it gave it, not rounded");
        assertEquals(new Point(0.3916, 0.2), Point.rounded(0.391571, 0.2), "points the workbench makes are written with 4 decimals");
    }

    @Test
    void positionalKeywordAndAliasFormsMeanTheSameAction() {
        Action click = new Action.Click(ClickKind.DOUBLE_CLICK, new Point(0.1, 0.2));
        assertEquals(List.of(click), actions("pyautogui.doubleClick(0.1, 0.2)"));
        assertEquals(List.of(click), actions("pyautogui.click(x=0.1, y=0.2, clicks=2)"));
        assertEquals(List.of(new Action.Click(ClickKind.RIGHT_CLICK, new Point(0.1, 0.2))),
                actions("pyautogui.click(0.1, 0.2, button='right')"));
        assertEquals(List.of(new Action.Write("hi")), actions("pyautogui.typewrite('hi', interval=0.05)"));
        assertEquals(List.of(new Action.Hotkey(List.of("ctrl", "shift", "t"))), actions("pyautogui.hotkey('ctrl', 'shift', 't')"));
        assertEquals(List.of(new Action.Hotkey(List.of("ctrl", "c"))), actions("pyautogui.hotkey(keys=['ctrl', 'c'])"),
                "the keyword form AgentNetBench's data and Qwen2.5-VL write");
        assertEquals(List.of(new Action.Hotkey(List.of("ctrl", "c"))), actions("pyautogui.hotkey(['ctrl', 'c'])"));
        assertEquals(List.of(new Action.Press(List.of("enter"), 2)), actions("pyautogui.press('enter', presses=2)"));
        assertEquals(List.of(new Action.Press(List.of("a", "b"), 1)), actions("pyautogui.press(['a', \"b\",])"));
        assertEquals(List.of(new Action.Sleep(0.5), new Action.KeyDown("shift"), new Action.KeyUp("shift")),
                actions("time.sleep(0.5); pyautogui.keyDown('shift')\n\n# a comment\npyautogui.keyUp('shift')"));
    }

    @Test
    void stringsKeepEveryEscape() {
        assertEquals(List.of(new Action.Write("it's \"x\"\n\ttab \\ é ✓ \u0001")),
                actions("pyautogui.write(message='it\\'s \"x\"\\n\\ttab \\\\ \\xe9 \\u2713 \\x01')"));
        assertEquals(List.of(new Action.Write("ab")), actions("pyautogui.write('a' \"b\")"));
    }

    @ParameterizedTest
    @ValueSource(strings = { "pyautogui.click(x=0.1234, y=0.5)", "pyautogui.tripleClick()", "pyautogui.middleClick(x=1, y=0)",
            "pyautogui.dragTo(x=0.5, y=0.5, button='right')", "pyautogui.hscroll(4, x=0.2, y=0.3)",
            "pyautogui.write(message='quote \\' backslash \\\\ newline \\n tab \\t bell \\x07 snow ☃')",
            "pyautogui.press(['shift', 'tab'], presses=3)", "pyautogui.sleep(1)", "pyautogui.sleep(0.25)",
            "computer.terminate(status='failure')" })
    void printingIsCanonicalAndReadsBackEqual(String code) {
        List<Action> parsed = actions(code);
        String printed = ActionPrinter.print(parsed);
        assertEquals(parsed, actions(printed), printed);
        assertEquals(printed, ActionPrinter.print(actions(printed)), "printing is a fixed point");
    }

    @Test
    void coordinatesPrintWithFourDecimalsOrAsManyAsTheyHave() {
        assertEquals("pyautogui.click(x=0.1200, y=0.5000)", ActionPrinter.print(actions("pyautogui.click(x=0.12, y=0.5)")));
        assertEquals("pyautogui.click(x=0.12345, y=0.5000)", ActionPrinter.print(actions("pyautogui.click(x=0.12345, y=0.5)")),
                "a point read with more decimals is written as it was read");
        String printed = ActionPrinter.print(actions("pyautogui.click(x=0.391571, y=0.5)"));
        assertEquals(actions("pyautogui.click(x=0.391571, y=0.5)"), actions(printed), "what it wrote reads back the same");
    }

    @Test
    void errorsNameLineAndColumn() {
        CodeProblem unknown = onlyProblem("pyautogui.click(x=0.1, y=0.1)\n  pyautogui.explode(3)");
        assertEquals(2, unknown.line());
        assertEquals(3, unknown.column());
        assertEquals("unknown action 'pyautogui.explode'", unknown.message());

        CodeProblem range = onlyProblem("pyautogui.click(x=1.5, y=0.5)");
        assertEquals(1, range.line());
        assertEquals(17, range.column());
        assertTrue(range.message().contains("outside [0,1]"), range.message());

        assertTrue(onlyProblem("pyautogui.write('open").message().contains("unterminated string"));
        assertTrue(onlyProblem("pyautogui.click(x=0.1 y=0.2)").message().contains("expected ',' or ')'"));
        assertTrue(onlyProblem("pyautogui.click(x=0.1)").message().contains("both x and y"));
        assertTrue(onlyProblem("computer.terminate(status='maybe')").message().contains("'success' or 'failure'"));
        assertTrue(onlyProblem("pyautogui.scroll(clicks=2, speed=3)").message().contains("no argument 'speed'"));
    }

    @Test
    void nothingIsEverEvaluated() {
        CodeProblem problem = onlyProblem("__import__('os').system('rm -rf /')");
        assertEquals("unknown action '__import__'", problem.message());
        assertTrue(onlyProblem("pyautogui.write(open('/etc/passwd').read())").message().contains("not a literal"));
        assertTrue(onlyProblem("pyautogui.click(x=0.1+0.2, y=0.1)").message().contains("expected ',' or ')'"));
    }

    @Test
    void everyBadStatementIsReportedAndTheGoodOnesKept() {
        ParsedCode parsed = ActionParser.parse("pyautogui.nope()\npyautogui.click(x=0.5, y=0.5)\npyautogui.press(3)");
        assertEquals(2, parsed.problems().size(), parsed.problems().toString());
        assertEquals(List.of(1, 3), parsed.problems().stream().map(CodeProblem::line).toList());
        assertEquals(1, parsed.actions().size());
    }

    @Test
    void aStepActsWhereItsFirstActionThatMovesThePointerPutsIt() {
        assertEquals(new Point(0.4546, 0.2682), Action.firstPoint(actions("pyautogui.moveTo(x=0.4546, y=0.2682)\npyautogui.dragTo(x=0.4107, y=0.2773)")));
        assertEquals(new Point(0.4107, 0.2773), Action.firstPoint(actions("pyautogui.keyDown('shift')\npyautogui.dragTo(x=0.4107, y=0.2773)")));
        assertEquals(new Point(0.3, 0.7), Action.firstPoint(actions("pyautogui.press('f5')\npyautogui.hscroll(2, x=0.3, y=0.7)")));
        assertEquals(null, Action.firstPoint(actions("pyautogui.scroll(-3)\npyautogui.write(message='a')")), "a scroll where the pointer is");
    }
}
