#!/usr/bin/env python3
"""Source changes the board's out-of-tree modules need. Each edit checks that it applied, so a
new kernel that moved the code stops the build with a clear message instead of a silent miss."""
import sys

src = sys.argv[1]


def edit(path, old, new, why):
    full = f"{src}/{path}"
    text = open(full).read()
    if old not in text:
        sys.exit(f"board: cannot patch {path} ({why}): the expected code is not there; "
                 "the kernel changed, update board/emulated/kernel/patch-modules.py")
    open(full, "w").write(text.replace(old, new, 1))


# Writeback must share the CRTC with Virtual-1 so that a capture does not blank the screen.
edit("drivers/gpu/drm/vkms/vkms_output.c",
     """			DRM_ERROR("Failed to init writeback connector\\n");
	}""",
     """			DRM_ERROR("Failed to init writeback connector\\n");
		else {
			u32 clones = drm_encoder_mask(encoder) |
				     drm_encoder_mask(&output->wb_connector.encoder);
			encoder->possible_clones = clones;
			output->wb_connector.encoder.possible_clones = clones;
		}
	}""",
     "writeback sharing the CRTC")
# Built out of tree, irq_sim cannot reach irq_to_desc (not exported) and needs a licence.
edit("kernel/irq/irq_sim.c", "handle_simple_irq(irq_to_desc(irqnum));", "generic_handle_irq(irqnum);",
     "irq_to_desc is not exported")
with open(f"{src}/kernel/irq/irq_sim.c", "a") as f:
    f.write('\n#include <linux/module.h>\nMODULE_LICENSE("GPL");\n')
