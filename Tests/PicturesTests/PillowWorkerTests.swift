import Testing

/// The kept Pillow process: scripts run one after another in the same `python3` (Pillow is
/// imported once), each with its own arguments, output, exit status and errors.
@Suite struct PillowWorkerTests {
    @Test(.needsPillow) func scriptsShareOneProcessAndKeepTheirOwnArgumentsAndOutput() throws {
        let script = "import os, sys\nprint(os.getpid(), sys.argv[1])"
        let first = try PillowWorker.run(script, ["one"])
        let second = try PillowWorker.run(script, ["two"])
        let firstFields = first.output.split(separator: " ")
        let secondFields = second.output.split(separator: " ")
        #expect(first.status == 0 && second.status == 0)
        #expect(firstFields.count == 2 && secondFields.count == 2)
        #expect(firstFields.first == secondFields.first, "both scripts ran in one process")
        #expect(firstFields.last == "one\n" && secondFields.last == "two\n")
    }

    @Test(.needsPillow) func anExitStatusAndAnExceptionComeBackAsTheyWouldFromPython() throws {
        let exited = try PillowWorker.run("import sys\nsys.stderr.write('why')\nsys.exit(3)", [])
        #expect(exited.status == 3 && exited.error == "why")
        let raised = try PillowWorker.run("from PIL import Image\nImage.open('/nonexistent.png')", [])
        #expect(raised.status == 1 && raised.error.contains("FileNotFoundError"))
        // The process is still there for the next script.
        #expect(try PillowWorker.run("print('ok')", []).output == "ok\n")
    }
}
