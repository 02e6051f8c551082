# SPDX-License-Identifier: BSD-2-Clause
# A measured row of the run table after its name and mode, as regexes:
# cycles and min (3.00, 17.0, 3622, 936k, 1.23M), the time with its unit,
# +-ci95 in cycles like the figure (0.0012 when tiny, never a share), the
# cv, the rounds and the method.
CB_CYC='[0-9]+(\.[0-9]+)?[kMG]?'
CB_TIME='[0-9]+(\.[0-9]+)?(ns|µs|ms|s)'
CB_CI="<?$CB_CYC"
CB_ROW_OK=" +$CB_CYC +$CB_CYC +$CB_TIME +$CB_CI +[0-9]+\.[0-9]% +[0-9]+ +(calibrated|counted)"
