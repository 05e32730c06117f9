/* Plays the part of a codec's jack detection on a card that has none (snd-dummy, snd-aloop):
 * adds a user control named like a driver's jack control ("Headphone Jack", iface CARD,
 * boolean) or an HDMI "ELD" (iface PCM, bytes) and writes its value. The kernel then sends the
 * same control events a real headphone plug or HDMI hot-plug would.
 * Usage: jack-ctl CARD "Headphone Jack" on|off    jack-ctl CARD eld BYTE */
#include <alsa/asoundlib.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static int fail(const char *what, int rc) {
    fprintf(stderr, "jack-ctl: %s: %s\n", what, snd_strerror(rc));
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: jack-ctl CARD \"NAME Jack\" on|off | jack-ctl CARD eld BYTE\n");
        return 2;
    }
    int eld = strcmp(argv[2], "eld") == 0;
    char device[64];
    snprintf(device, sizeof device, "hw:CARD=%s", argv[1]);
    snd_ctl_t *ctl;
    int rc = snd_ctl_open(&ctl, device, 0);
    if (rc < 0) return fail(device, rc);
    snd_ctl_elem_id_t *id;
    snd_ctl_elem_id_alloca(&id);
    snd_ctl_elem_id_set_interface(id, eld ? SND_CTL_ELEM_IFACE_PCM : SND_CTL_ELEM_IFACE_CARD);
    snd_ctl_elem_id_set_name(id, eld ? "ELD" : argv[2]);
    snd_ctl_elem_info_t *info;
    snd_ctl_elem_info_alloca(&info);
    snd_ctl_elem_info_set_id(info, id);
    if (snd_ctl_elem_info(ctl, info) < 0) {
        rc = eld ? snd_ctl_add_bytes_elem_set(ctl, info, 1, 16) : snd_ctl_add_boolean_elem_set(ctl, info, 1, 1);
        if (rc < 0) return fail("add the control", rc);
    }
    snd_ctl_elem_value_t *value;
    snd_ctl_elem_value_alloca(&value);
    snd_ctl_elem_value_set_id(value, id);
    if (eld) {
        unsigned char bytes[16] = {0};
        bytes[0] = (unsigned char)atoi(argv[3]);
        snd_ctl_elem_set_bytes(value, bytes, sizeof bytes);
    } else {
        snd_ctl_elem_value_set_boolean(value, 0, strcmp(argv[3], "on") == 0);
    }
    rc = snd_ctl_elem_write(ctl, value);
    if (rc < 0) return fail("write the control", rc);
    snd_ctl_close(ctl);
    return 0;
}
