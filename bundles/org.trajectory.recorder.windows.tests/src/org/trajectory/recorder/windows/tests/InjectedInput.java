package org.trajectory.recorder.windows.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.trajectory.recorder.CaptureSession;
import org.trajectory.recorder.CaptureSettings;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.kit.CollectingSink;

import com.sun.jna.platform.win32.BaseTSD.ULONG_PTR;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef.DWORD;
import com.sun.jna.platform.win32.WinDef.LONG;
import com.sun.jna.platform.win32.WinDef.WORD;
import com.sun.jna.platform.win32.WinUser;
import com.sun.jna.platform.win32.WinUser.INPUT;

/**
 * Input a program makes with SendInput is marked injected, with its exact place and character. Run, like {@link
 * WindowsBackendContract}, inside the Windows Java runtime under Wine by {@link WindowsRecorderTest} (xdotool's input
 * reaches Windows as a person's would, unmarked).
 */
public class InjectedInput {

    @Test
    public void inputSentByAProgramIsMarkedInjected() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (CaptureSession session = new WindowsBackendContract().backend().start(CaptureSettings.inputOnly(), sink)) {
            INPUT move = mouse(0x8001); // MOUSEEVENTF_MOVE | MOUSEEVENTF_ABSOLUTE: 0..65535 across the primary screen
            move.input.mi.dx = new LONG(Math.ceilDiv(321 * 65536, User32.INSTANCE.GetSystemMetrics(WinUser.SM_CXSCREEN)));
            move.input.mi.dy = new LONG(Math.ceilDiv(123 * 65536, User32.INSTANCE.GetSystemMetrics(WinUser.SM_CYSCREEN)));
            send(move, mouse(0x0002 /* MOUSEEVENTF_LEFTDOWN */), mouse(0x0004 /* MOUSEEVENTF_LEFTUP */), key(0x51 /* Q */, 0),
                    key(0x51, 2 /* KEYEVENTF_KEYUP */));
            for (int i = 0; i < 50 && sink.inputs().stream().noneMatch(e -> e.action().equals("release") && "q".equals(e.name())); i++) {
                Thread.sleep(100);
            }
        }
        List<InputEvent> clicks = sink.inputs().stream().filter(e -> e.action().equals("click")).toList();
        assertEquals(2, clicks.size(), sink.inputs().toString());
        for (InputEvent click : clicks) {
            assertEquals(List.of(321, 123, true), List.of(click.x(), click.y(), click.injected()), click.toString());
        }
        InputEvent press = sink.inputs().stream().filter(e -> e.action().equals("press")).findFirst().orElseThrow();
        assertEquals("q", press.character());
        assertTrue(press.injected(), press.toString());
    }

    private static INPUT mouse(int flags) {
        INPUT input = new INPUT();
        input.type = new DWORD(INPUT.INPUT_MOUSE);
        input.input.setType("mi");
        input.input.mi.dwFlags = new DWORD(flags);
        input.input.mi.dwExtraInfo = new ULONG_PTR(0);
        return input;
    }

    private static INPUT key(int virtualKey, int flags) {
        INPUT input = new INPUT();
        input.type = new DWORD(INPUT.INPUT_KEYBOARD);
        input.input.setType("ki");
        input.input.ki.wVk = new WORD(virtualKey);
        input.input.ki.dwFlags = new DWORD(flags);
        input.input.ki.dwExtraInfo = new ULONG_PTR(0);
        return input;
    }

    /** One SendInput call an input: a lone structure is the contiguous array SendInput reads. */
    private static void send(INPUT... inputs) throws InterruptedException {
        for (INPUT input : inputs) {
            assertEquals(1, User32.INSTANCE.SendInput(new DWORD(1), new INPUT[] { input }, input.size()).intValue());
            Thread.sleep(50);
        }
    }
}
