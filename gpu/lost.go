package gpu

import (
	"errors"
	"fmt"

	"github.com/torchlower/torchlower/runtime"
)

// A kernel's fault is the end of the device for this process
// (runtime.ErrDeviceFault): the vendor's context is corrupt, every later
// call returns the same error, and only a new process gets a working
// device. So the run that faulted says so, and the runs after it fail at
// once with runtime.ErrDeviceLost and the first fault, instead of each
// compiling its kernels and then failing with a driver error that names
// no culprit. Callers that run many programs (the e2e suite, bench)
// relaunch themselves for what is left.

// sticky reports whether err is a vendor error that corrupts the context
// (cuda.Error's and hip.Error's Sticky).
func sticky(err error) bool {
	var s interface{ Sticky() bool }
	return errors.As(err, &s) && s.Sticky()
}

// lostErr is the error of a run on a device that an earlier fault lost,
// nil while it works.
func (d *Device) lostErr() error {
	if first := d.lost.Load(); first != nil {
		return fmt.Errorf("%s: %w (the first fault: %v)", d.kind, runtime.ErrDeviceLost, *first)
	}
	return nil
}

// onDevice runs f on the device thread unless the device is lost, and
// gives its error as the caller gets it: a fault marks the device lost
// and is said to be one. The check is made there, not only before a
// run compiles its kernels: runs compile in parallel, and one that
// passed the check may reach the device after another's fault.
func (d *Device) onDevice(f func() error) error {
	var err error
	d.do(func() {
		if err = d.lostErr(); err != nil {
			return
		}
		if err = f(); err == nil || !sticky(err) {
			return
		}
		first := err
		d.lost.Store(&first)
		err = fmt.Errorf("%w: %w", err, runtime.ErrDeviceFault)
	})
	return err
}
